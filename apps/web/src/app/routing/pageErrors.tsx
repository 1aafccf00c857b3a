import { Outlet } from 'react-router';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary';

/** A page's errors shown in its place, inside whatever frame surrounds it. */
export const pageErrors = (
  <RouteErrorBoundary>
    <Outlet />
  </RouteErrorBoundary>
);
