import { useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router';
import { PendingNavigationContext } from './pendingNavigation';

/**
 * React Router's BrowserRouter, whose navigations are transitions too (the page shown stays until the next one is
 * ready), but whose pending state the app can read: BrowserRouter keeps it to itself.
 */
export function TransitionBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [shown, setShown] = useState<{ action: NavigationType; location: Location }>(() => ({ action: history.action, location: history.location }));
  const [requested, setRequested] = useState(shown.location);
  const [pending, startTransition] = useTransition();

  useLayoutEffect(
    () =>
      history.listen((update) => {
        setRequested(update.location);
        startTransition(() => setShown({ action: update.action, location: update.location }));
      }),
    [history],
  );

  return (
    <PendingNavigationContext value={pending ? requested : null}>
      <Router location={shown.location} navigationType={shown.action} navigator={history}>
        {children}
      </Router>
    </PendingNavigationContext>
  );
}
