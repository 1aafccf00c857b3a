import { cx } from './cx';
import './Logo.css';

/** The leaf mark: two strokes of one leaf, drawn in the primary green. */
export function LeafMark({ className }: { className?: string }) {
  return (
    <svg className={cx('leaf-mark', className)} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M7 25c0-10 6.5-16.5 18-17-.6 11.5-7.5 18-17 18" fill="currentColor" />
      <path d="M8 25.2 19.5 13.7" stroke="#fff" strokeWidth="1.7" strokeLinecap="round" />
      <path d="M13.2 20v-4.3M16.6 16.6h-4" stroke="#fff" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

/** The wordmark: the leaf beside the shop's name, which comes from configuration. */
export function Logo({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cx('logo', className)}>
      <LeafMark className="logo__mark" />
      <span className="logo__word">{name}</span>
    </span>
  );
}
