import type { CSSProperties } from 'react';
import { cx } from './cx';
import './Skeleton.css';

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: 'control' | 'card' | 'pill';
  className?: string;
}

/** A quiet placeholder where content is on its way; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = '1em', radius = 'control', className }: SkeletonProps) {
  return <span aria-hidden="true" className={cx('skeleton', `skeleton--${radius}`, className)} style={{ width, height }} />;
}
