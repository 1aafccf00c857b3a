import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor, useMe } from '../../features/auth';
import { LoadStatus } from '../../ui/LoadStatus';
import './account.css';

/**
 * Every /account page: only for a signed-in patient. A visitor goes to login, which says 'You need to log in
 * to view this page' and brings them back here afterwards (SPEC §2, §6).
 */
export function Component() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <LoadStatus status="loading" className="account-page container" />;
  if (me.isError) return <LoadStatus status="error" onRetry={() => void me.refetch()} className="account-page container" />;
  if (!me.data) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}
