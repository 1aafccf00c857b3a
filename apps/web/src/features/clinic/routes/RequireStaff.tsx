import { Navigate, Outlet } from 'react-router';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useStaffMe } from '../api';
import { StaffContext } from '../useStaffSession';

/** Every console page but login: only with a staff session, else to the clinic's own login. */
export function Component() {
  const me = useStaffMe();
  if (me.isPending) return <LoadStatus status="loading" />;
  if (me.isError) return <LoadStatus status="error" onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to="/clinic/login" replace />;
  return (
    <StaffContext.Provider value={me.data}>
      <Outlet />
    </StaffContext.Provider>
  );
}
