import { createPath } from 'react-router';
import { SLOW_LOAD_MS } from '../../lib/config';
import { useAfterDelay } from '../../lib/useAfterDelay';
import { LoadStatus } from '../../ui/LoadStatus';
import { usePendingNavigation } from '../routing/pendingNavigation';

/** While the next page's code loads: a thin bar at once, 'Taking a long time...' with Retry when it drags on. */
export function NavigationStatus() {
  const pending = usePendingNavigation();
  const loading = pending !== null;
  const visible = useAfterDelay(loading, 150);
  const slow = useAfterDelay(loading, SLOW_LOAD_MS);
  const target = pending ? createPath(pending) : null;

  return (
    <>
      {visible ? <div className="nav-progress" aria-hidden="true" /> : null}
      {slow ? (
        <div className="container nav-slow">
          <LoadStatus status="slow" onRetry={() => window.location.assign(target ?? window.location.href)} />
        </div>
      ) : null}
    </>
  );
}
