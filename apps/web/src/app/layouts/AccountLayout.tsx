import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useFirstAppOpen } from '../../features/app-install';
import { loginPathFor, useMe } from '../../features/auth';
import { OfflineSync } from '../../features/offline';
import { LoadStatus } from '../../ui/LoadStatus';
import './account.css';

/**
 * In the account, a read or a change is tried even when the browser says it is offline: the service worker answers
 * reads with what the device last saw, and a change with no connection is kept to send later (features/offline).
 * Set before the first read of the area, which would otherwise wait, paused, for a connection.
 */
function useTriedOffline(): void {
  const client = useQueryClient();
  useState(() => {
    const defaults = client.getDefaultOptions();
    client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, networkMode: 'offlineFirst' }, mutations: { ...defaults.mutations, networkMode: 'offlineFirst' } });
  });
}

/**
 * Every /account page: only for a signed-in patient. A visitor goes to login, which says 'You need to log in
 * to view this page' and brings them back here afterwards (SPEC §2, §6).
 */
export function Component() {
  useTriedOffline();
  const me = useMe();
  const location = useLocation();
  useFirstAppOpen(Boolean(me.data));
  const sync = <OfflineSync account={me.data?.uid ?? null} />;
  if (me.isPending) return <LoadStatus status="loading" className="account-page container" />;
  if (me.isError) return <LoadStatus status="error" onRetry={() => void me.refetch()} className="account-page container" />;
  if (!me.data) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return (
    <>
      {sync}
      <Outlet />
    </>
  );
}
