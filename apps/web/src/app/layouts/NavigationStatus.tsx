import { createPath, useNavigation } from 'react-router';
import { SLOW_LOAD_MS } from '../../lib/config';
import { useAfterDelay } from '../../lib/useAfterDelay';
import { LoadStatus } from '../../ui/LoadStatus';

/** While the next page's code loads: a thin bar at once, 'Taking a long time...' with Retry when it drags on. */
export function NavigationStatus() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  const visible = useAfterDelay(loading, 150);
  const slow = useAfterDelay(loading, SLOW_LOAD_MS);
  const target = navigation.location ? createPath(navigation.location) : null;

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
