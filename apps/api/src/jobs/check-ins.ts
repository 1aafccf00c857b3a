import { sql } from 'drizzle-orm';
import { addDays, CHECK_IN_LEAD_DAYS, TASK_CODES, ukCalendarDate } from '@elmwood/domain';
import type { Db } from '../db/client';

/** An arbitrary, fixed key: one process at a time creates check-ins, the others skip that round. */
const CHECK_IN_LOCK_KEY = 727_101;
/** Orders a clinician has approved: their subscription renews, and a renewal needs a check-in. */
const RENEWING_ORDER_STATES = ['approved', 'dispatched', 'delivered'];

/**
 * Gives each patient with an active weight-loss subscription due within seven days a check-in task, unless they
 * have one open or were already asked during this delivery period (since nextDelivery − frequency days).
 * Several processes may run it at once: a transaction-level advisory lock lets one of them do the work.
 * Answers how many check-ins it created, or null when another process held the lock.
 */
export async function createDueCheckIns(db: Db, now: Date): Promise<number | null> {
  const today = ukCalendarDate(now);
  const horizon = addDays(today, CHECK_IN_LEAD_DAYS);
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${CHECK_IN_LOCK_KEY}) as locked`));
    if (!lock?.locked) return null;
    const created = await tx.execute(sql`
      insert into tasks (customer_id, order_id, code)
      select distinct s.customer_id, null::integer, ${TASK_CODES.weightLossCheckIn}
      from subscriptions s
      join orders o on o.id = s.order_id
      where s.state = 'active'
        and s.next_delivery_date <= ${horizon}::date
        and o.state in (${sql.join(RENEWING_ORDER_STATES.map((state) => sql`${state}`), sql`, `)})
        and exists (
          select 1 from order_items i join products p on p.code = i.product_code
          where i.order_id = o.id and p.category = 'weight-loss' and i.frequency = s.frequency
        )
        and not exists (
          select 1 from tasks t
          where t.customer_id = s.customer_id and t.code = ${TASK_CODES.weightLossCheckIn}
            and (t.state = 'open' or (t.created_at at time zone 'Europe/London')::date >= s.next_delivery_date - s.frequency)
        )
      returning id`);
    return rowsOf(created).length;
  });
}

/** Both drivers (pg and PGlite) answer raw SQL with { rows }. */
function rowsOf<T = unknown>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface PeriodicJob {
  stop(): void;
}

/**
 * Runs the check-in job now and then every `intervalMs`, until stopped. A simple timer is enough while the
 * job is one idempotent statement under an advisory lock; pg-boss is the planned queue once there are more jobs.
 */
export function scheduleCheckIns(db: Db, { intervalMs, onError }: { intervalMs: number; onError: (error: unknown) => void }): PeriodicJob {
  const run = () => {
    createDueCheckIns(db, new Date()).catch(onError);
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
