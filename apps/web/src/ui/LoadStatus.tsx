import { Button } from './Button';
import { cx } from './cx';
import { Spinner } from './Spinner';
import './States.css';

export type LoadStatusKind = 'loading' | 'slow' | 'error';

interface LoadStatusProps {
  status: LoadStatusKind;
  /** Required for 'slow' and 'error': both offer Retry. */
  onRetry?: () => void;
  className?: string;
}

/** The three lazy-load states of SPEC §8, in its exact words. */
export function LoadStatus({ status, onRetry, className }: LoadStatusProps) {
  if (status === 'loading') {
    return (
      <div className={cx('load-status', className)} role="status">
        <Spinner />
        <span className="load-status__text">Loading...</span>
      </div>
    );
  }
  if (status === 'slow') {
    return (
      <div className={cx('load-status', className)} role="status">
        <Spinner />
        <span className="load-status__text">Taking a long time...</span>
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        ) : null}
        <p className="load-status__hint">Your connection may be slow. You can wait, or try again.</p>
      </div>
    );
  }
  return (
    <div className={cx('load-status', 'load-status--error', className)} role="alert">
      <span className="load-status__text">Error!</span>
      {onRetry ? <Button onClick={onRetry}>Retry</Button> : null}
      <p className="load-status__hint">We could not load this part of the page. Please try again.</p>
    </div>
  );
}
