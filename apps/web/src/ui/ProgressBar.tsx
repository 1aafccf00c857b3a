import { cx } from './cx';
import './ProgressBar.css';

type ProgressBarProps = {
  /** The accessible name, e.g. 'Consultation progress' or 'Upload progress'. */
  label: string;
  className?: string;
} & (
  | {
      /** How far along, between 0 and max. */
      value: number;
      max?: number;
      /** Read out instead of the number, e.g. 'Step 3 of 9'. */
      valueText?: string;
      /** Shows the percentage beside the bar (uploads). */
      showPercentage?: boolean;
      durationMs?: never;
    }
  | {
      /** No known value: the bar fills once over this time (a timed wait such as the quiz loading screen). */
      durationMs: number;
      value?: never;
      max?: never;
      valueText?: never;
      showPercentage?: never;
    }
);

/** A progress bar with a name and, when the amount is known, its value for assistive technology. */
export function ProgressBar(props: ProgressBarProps) {
  const { label, className } = props;
  if (props.durationMs !== undefined) {
    return (
      <div className={cx('progress-bar', className)} role="progressbar" aria-label={label}>
        <span className="progress-bar__fill progress-bar__fill--timed" style={{ animationDuration: `${props.durationMs}ms` }} />
      </div>
    );
  }
  const max = props.max ?? 100;
  const value = Math.min(Math.max(props.value, 0), max);
  const percentage = max > 0 ? Math.round((value / max) * 100) : 0;
  return (
    <div className={cx('progress-bar-row', className)}>
      <div
        className="progress-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={props.valueText ?? (props.showPercentage ? `${percentage}%` : undefined)}
      >
        <span className="progress-bar__fill" style={{ width: `${percentage}%` }} />
      </div>
      {props.showPercentage ? (
        <span className="progress-bar__percentage" aria-hidden="true">
          {percentage}%
        </span>
      ) : null}
    </div>
  );
}
