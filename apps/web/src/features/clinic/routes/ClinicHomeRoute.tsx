import { Navigate } from 'react-router';
import { homeFor } from '../roles';
import { useStaff } from '../useStaffSession';

export function Component() {
  return <Navigate to={homeFor(useStaff().role)} replace />;
}
