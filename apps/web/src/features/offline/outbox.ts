import { OUTBOX_DATABASE } from '../../lib/device-stores';

/**
 * Changes the patient made without a connection, kept on the device (IndexedDB) until they are sent, in the order
 * they were made. Each carries the Idempotency-Key it is sent with every time, so a send whose reply was lost is
 * never stored twice. The service worker deletes the database at logout (src/sw/sw.ts).
 */
export interface OutboxChange {
  /** Ascending: the order the changes were made and are sent in. */
  id?: number;
  /** The account that made it (its uid): only that account sends it. */
  account: string;
  /** What the patient would call it: 'Weight of 80 kg'. */
  label: string;
  path: string;
  method: 'POST' | 'PATCH' | 'PUT';
  body: unknown;
  idempotencyKey: string;
  madeAt: string;
  /** Set when the clinic refused it (a consultation closed meanwhile): shown to the patient, never dropped silently. */
  refusal?: string;
}

const STORE = 'changes';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OUTBOX_DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

const listeners = new Set<() => void>();
/** Calls `listener` whenever a change is kept, sent or refused; returns the unsubscribe. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = <T>(result: T): T => {
  for (const listener of listeners) listener();
  return result;
};

export const outbox = {
  add: (change: OutboxChange) => run('readwrite', (store) => store.add(change)).then(changed),
  /** One account's changes, oldest first. */
  async of(account: string): Promise<OutboxChange[]> {
    const all = await run<OutboxChange[]>('readonly', (store) => store.getAll());
    return all.filter((change) => change.account === account);
  },
  put: (change: OutboxChange) => run('readwrite', (store) => store.put(change)).then(changed),
  remove: (id: number) => run('readwrite', (store) => store.delete(id)).then(changed),
};

/** What became of one change sent: sent, refused by the clinic (kept, shown), or not sent yet (no connection). */
export type SendOutcome = { sent: true } | { sent: false; refusal: string } | { sent: false; retry: true };

/**
 * Sends the account's waiting changes in order. A change that cannot be sent now stops the run, so a later change
 * never overtakes an earlier one; a refused change is kept with its reason and the run goes on.
 */
export async function sendWaiting(account: string, send: (change: OutboxChange) => Promise<SendOutcome>): Promise<{ sent: number }> {
  let sent = 0;
  for (const change of await outbox.of(account)) {
    if (change.refusal !== undefined) continue;
    const outcome = await send(change);
    if ('retry' in outcome) break;
    if (outcome.sent) {
      await outbox.remove(change.id!);
      sent += 1;
    } else {
      await outbox.put({ ...change, refusal: outcome.refusal });
    }
  }
  return { sent };
}
