import { sql } from 'drizzle-orm';
import { addDays, CHECK_IN_LEAD_DAYS, TASK_CODES, ukCalendarDate, type IsoDate } from '@elmwood/domain';
import type { Db } from '../db/client';
import { defineQueue, type Jobs } from '../lib/queue';

/** An arbitrary, fixed key: rounds that overlap (a slow one, one sent by hand) run one after the other. */
const CHECK_IN_LOCK_KEY = 727_101;
/** Orders a clinician has approved: their subscription renews, and a renewal needs a check-in. */
const RENEWING_ORDER_STATES = ['approved', 'dispatched', 'delivered'];

/** Check-ins are asked seven days ahead of a renewal, so an hourly round is prompt enough. */
export const CHECK_IN_SCHEDULE = '0 * * * *';
export const checkInsQueue = defineQueue<Record<string, never>>('check-ins', { retryLimit: 3, retryDelaySeconds: 60 });

/**
 * Gives each patient with an active weight-loss subscription due within seven days a check-in task, unless they
 * have one open or were already asked during this delivery period (since nextDelivery − frequency days).
 * A round run again, or at the same time in another process, creates nothing new. Answers how many it created.
 */
export async function createDueCheckIns(db: Db, now: Date): Promise<number> {
  return db.transaction((tx) => issueDueCheckIns(tx, ukCalendarDate(now)));
}

/**
 * The round's work inside the caller's transaction, for every plan or for one (the issue_check_in effect of the plan
 * that just fell due). Answers how many tasks it created.
 */
export async function issueDueCheckIns(tx: Db, today: IsoDate, onlyPlanId?: string): Promise<number> {
  const horizon = addDays(today, CHECK_IN_LEAD_DAYS);
  await tx.execute(sql`select pg_advisory_xact_lock(${CHECK_IN_LOCK_KEY})`);
  const created = await tx.execute(sql`
    insert into tasks (customer_id, order_id, code)
    select distinct s.customer_id, null::integer, ${TASK_CODES.weightLossCheckIn}
    from subscriptions s
    join orders o on o.id = s.order_id
    where s.state in ('active', 'renewal_due', 'check_in_overdue')
      and ${onlyPlanId === undefined ? sql`true` : sql`s.id = ${onlyPlanId}`}
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
  return (created as unknown as { rows: unknown[] }).rows.length;
}

/**
 * The check-in round, hourly on the hour (UK time), in whichever process runs jobs; and one round when a process
 * starts, so a shop started between two rounds does not wait for the next. Processes starting in the same hour
 * share that one round (its key is the hour).
 */
export async function workCheckIns(jobs: Jobs, db: Db, startedAt = new Date()): Promise<void> {
  await jobs.work(checkInsQueue, async (_data, { now }) => {
    await createDueCheckIns(db, now);
  });
  await jobs.schedule(checkInsQueue, CHECK_IN_SCHEDULE, {});
  await jobs.send(checkInsQueue, {}, { singletonKey: `at-start-${startedAt.toISOString().slice(0, 13)}` });
}
