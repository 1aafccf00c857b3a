import { Outlet, type Location } from 'react-router';
import { SLOW_LOAD_MS } from '../../lib/config';
import { useFocusMainOnNavigate } from '../../lib/useFocusMainOnNavigate';
import { useAfterDelay } from '../../lib/useAfterDelay';
import { LoadStatus } from '../../ui/LoadStatus';
import { useScrollRestoration } from '../routing/useScrollRestoration';
import { NavigationStatus } from './NavigationStatus';
import { MAIN_ID, Shell } from './Shell';


/**
 * Scroll positions are remembered per history entry. Every page opened fresh (typed, bookmarked) starts as
 * the entry 'default'; keying those by path stops one page's position being applied to another.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `default:${location.pathname}` : location.key;
}

export function RootLayout() {
  useFocusMainOnNavigate(MAIN_ID);
  useScrollRestoration(scrollKey);
  return (
    <Shell before={<NavigationStatus />}>
      <Outlet />
    </Shell>
  );
}

/** What shows while the first page's code arrives: the frame at once, 'Loading...' only if it takes a moment. */
export function RootHydrateFallback() {
  const showLoading = useAfterDelay(true, 400);
  const slow = useAfterDelay(true, SLOW_LOAD_MS);
  return (
    <Shell>
      {slow ? (
        <LoadStatus status="slow" onRetry={() => window.location.reload()} />
      ) : showLoading ? (
        <LoadStatus status="loading" />
      ) : null}
    </Shell>
  );
}
