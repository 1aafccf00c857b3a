import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button } from '../../ui/Button';
import { onOutboxChange, outbox, sendWaiting, type OutboxChange } from './outbox';
import { registerServiceWorker } from './registerServiceWorker';
import { sendKept } from './sendOrKeep';
import { useOnline } from './useOnline';
import './offline.css';

export const OFFLINE_MESSAGE = 'You are offline; we will send your changes when you are back online.';

const timeOf = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/**
 * The account area's link with the device: registers the service worker, says plainly when the account is offline
 * (what shows is what was last seen), sends changes kept offline when the connection returns, and shows any the
 * clinic refused until the patient has read them.
 */
export function OfflineSync({ account }: { account: string | null }) {
  const online = useOnline();
  const client = useQueryClient();
  // What waits on this device: read from IndexedDB (never the network), again whenever a change is kept, sent or refused.
  const kept = useQuery({
    queryKey: ['offline', 'outbox', account],
    queryFn: (): Promise<OutboxChange[]> => outbox.of(account!).catch(() => []),
    enabled: account !== null && typeof indexedDB !== 'undefined',
    networkMode: 'always',
    staleTime: Infinity,
  });
  const changes = account ? (kept.data ?? []) : [];

  useEffect(registerServiceWorker, []);

  useEffect(() => onOutboxChange(() => void client.invalidateQueries({ queryKey: ['offline', 'outbox'] })), [client]);

  useEffect(() => {
    if (!account || !online || typeof indexedDB === 'undefined') return;
    let cancelled = false;
    void sendWaiting(account, sendKept)
      .then(({ sent }) => {
        // What was sent is now on the server: the pages read it again.
        if (sent > 0 && !cancelled) void client.invalidateQueries();
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [account, online, client]);

  const waiting = changes.filter((change) => change.refusal === undefined);
  const refused = changes.filter((change) => change.refusal !== undefined);
  if (online && changes.length === 0) return null;

  return (
    <div className="offline-sync container">
      {!online && (
        <div className="offline-sync__notice" role="status">
          <strong>{OFFLINE_MESSAGE}</strong> What you see is what this device last saw.
        </div>
      )}
      {waiting.length > 0 && (
        <section className="offline-sync__list" aria-label="Waiting to send">
          <p>Waiting to send from this device:</p>
          <ul>
            {waiting.map((change) => (
              <li key={change.id}>
                {change.label}, made {timeOf(change.madeAt)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {refused.map((change) => (
        <div key={change.id} className="offline-sync__refused" role="alert">
          <p>
            <strong>We could not send {change.label.toLowerCase()}, made {timeOf(change.madeAt)}.</strong> {change.refusal}
          </p>
          <Button variant="secondary" onClick={() => void outbox.remove(change.id!)}>
            I have read this
          </Button>
        </div>
      ))}
    </div>
  );
}
