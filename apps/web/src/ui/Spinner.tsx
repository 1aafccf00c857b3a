import { cx } from './cx';
import './Spinner.css';

interface SpinnerProps {
  /** Said to screen readers when the spinner stands alone; leave out when text beside it says what is loading. */
  label?: string;
  size?: 'sm' | 'md';
  className?: string;
}

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const svg = (
    <svg className={cx('spinner', `spinner--${size}`, className)} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status">
      {svg}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
