import type { ReactNode } from 'react';
import { cx } from './cx';
import './Tag.css';

export type TagTone = 'accent' | 'neutral' | 'success' | 'info';

export function Tag({ tone = 'accent', children, className }: { tone?: TagTone; children: ReactNode; className?: string }) {
  return <span className={cx('tag', `tag--${tone}`, className)}>{children}</span>;
}
