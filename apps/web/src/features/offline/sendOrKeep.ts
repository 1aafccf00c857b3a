import { apiRequest, isApiError } from '../../lib/api';
import { outbox, type OutboxChange, type SendOutcome } from './outbox';

/** Whether changes made offline can be kept here: only under the service worker, which forgets them at logout. */
export const keepsChangesOffline = () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/** `keptBody`: the body to send later, when it differs (a weight logged 'now' is dated when it was typed). */
type Change = Pick<OutboxChange, 'account' | 'label' | 'path' | 'method' | 'body'> & { keptBody?: unknown };

/** A reply that will not change on another try: the clinic refused the change (a consultation closed meanwhile). */
const isRefusal = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

/** Sends one kept change with its Idempotency-Key: sent, refused (with the reason to show), or to try again later. */
export async function sendKept(change: OutboxChange): Promise<SendOutcome> {
  try {
    await apiRequest(change.path, { method: change.method, body: change.body, headers: { 'Idempotency-Key': change.idempotencyKey } });
    return { sent: true };
  } catch (error) {
    // Two saves of one consultation at the same moment: the next try goes through.
    if (isApiError(error) && isRefusal(error.status) && error.code !== 'CONCURRENT_UPDATE') return { sent: false, refusal: error.message };
    return { sent: false, retry: true };
  }
}

/**
 * Sends a change now; with no connection (and a device that keeps changes), keeps it to send when the connection
 * returns, under the same key, so a send that did arrive is not stored twice. A refusal is thrown as the API's error.
 */
export async function sendOrKeep<T>(change: Change): Promise<{ kept: false; reply: T } | { kept: true }> {
  const { keptBody = change.body, ...rest } = change;
  const keyed: OutboxChange = { ...rest, body: keptBody, idempotencyKey: crypto.randomUUID(), madeAt: new Date().toISOString() };
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (!(offline && keepsChangesOffline())) {
    try {
      const reply = await apiRequest<T>(change.path, { method: change.method, body: change.body, headers: { 'Idempotency-Key': keyed.idempotencyKey } });
      return { kept: false, reply };
    } catch (error) {
      if (!(isApiError(error) && error.status === 0 && keepsChangesOffline())) throw error;
    }
  }
  await outbox.add(keyed);
  return { kept: true };
}
