import { sql } from 'drizzle-orm';
import { STALE_PAYMENT_MINUTES, SUPERSEDED_WATCH_HOURS } from '@elmwood/domain';
import type { Db } from '../db/client';
import type { OrderService } from '../modules/orders/index';
import { defineQueue, type Jobs } from '../lib/queue';

/** At most this many orders per round; the next round takes the rest. */
const BATCH = 100;

export interface StalePaymentDeps {
  db: Db;
  orders: Pick<OrderService, 'resolveStalePayment' | 'releaseSupersededPayment'>;
  onError: (error: unknown, orderNumber: string) => void;
}

export interface SweepReport {
  placed: number;
  failed: number;
  /** Replaced or abandoned attempts checked at the gateway for an authorisation to void. */
  checked: number;
}

/**
 * Settles checkout attempts nobody finished: an order payment_pending for STALE_PAYMENT_MINUTES is placed (the
 * gateway authorised it) or failed (its cart unlocked); a replaced or abandoned attempt of the last
 * SUPERSEDED_WATCH_HOURS, older than STALE_PAYMENT_MINUTES (so an answer still on its way has arrived), has any
 * authorisation voided until the gateway holds nothing that could become one. Idempotent, and safe with several
 * processes at once: each order is changed under its row lock only while it still waits, and every void carries
 * the payment's own idempotency key. One order's failure (the gateway unreachable) does not stop the others.
 */
export async function sweepStalePayments({ db, orders, onError }: StalePaymentDeps, now: Date): Promise<SweepReport> {
  const staleBefore = new Date(now.getTime() - STALE_PAYMENT_MINUTES * 60_000);
  const watchSince = new Date(now.getTime() - SUPERSEDED_WATCH_HOURS * 3_600_000);
  const stale = rowsOf<{ id: number; number: string }>(
    await db.execute(sql`
      select id, number from orders
      where state = 'payment_pending' and created_at < ${staleBefore.toISOString()}::timestamptz
      order by created_at limit ${BATCH}`),
  );
  const report: SweepReport = { placed: 0, failed: 0, checked: 0 };
  for (const order of stale) {
    try {
      const outcome = await orders.resolveStalePayment(order.id);
      if (outcome !== 'unchanged') report[outcome] += 1;
    } catch (error) {
      onError(error, order.number);
    }
  }
  const superseded = rowsOf<{ id: number; number: string }>(
    await db.execute(sql`
      select o.id, o.number from orders o join payments p on p.order_id = o.id
      where o.state = 'payment_failed' and p.state = 'superseded'
        and p.updated_at < ${staleBefore.toISOString()}::timestamptz and p.updated_at > ${watchSince.toISOString()}::timestamptz
      order by p.updated_at limit ${BATCH}`),
  );
  for (const order of superseded) {
    try {
      await orders.releaseSupersededPayment(order);
      report.checked += 1;
    } catch (error) {
      onError(error, order.number);
    }
  }
  return report;
}

/** Both drivers (pg and PGlite) answer raw SQL with { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Every five minutes: a checkout left waiting is settled soon after its STALE_PAYMENT_MINUTES are up. */
export const STALE_PAYMENT_SCHEDULE = '*/5 * * * *';
export const stalePaymentsQueue = defineQueue<Record<string, never>>('stale-payments', { retryLimit: 2, retryDelaySeconds: 60 });

/**
 * The sweep on the job queue, in processes that have the order service (the API's; a round needs the payment
 * gateway): one job per five minutes whichever of them takes it, and one round at a time.
 */
export async function workStalePayments(jobs: Jobs, deps: StalePaymentDeps): Promise<void> {
  await jobs.work(stalePaymentsQueue, async (_data, { now }) => {
    await sweepStalePayments(deps, now);
  });
  await jobs.schedule(stalePaymentsQueue, STALE_PAYMENT_SCHEDULE, {});
}
