import { Navigate } from 'react-router';

/** /account — the account's front door is its home. */
export function Component() {
  return <Navigate to="/account/home" replace />;
}
