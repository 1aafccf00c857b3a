import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outer } from '../db/outer';
import { orders } from '../db/schema/orders';
import { taskDefinitions, tasks } from '../db/schema/tasks';
import type { Notifier } from '../contracts/notifier';
import { defineQueue, type Jobs } from '../lib/queue';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders waiting longer than this are past a nudge: the patient has been told, and the clinic follows up. */
const NUDGE_WINDOW_DAYS = 7;

export const criticalTaskNudgesQueue = defineQueue<Record<string, never>>('critical-task-nudges', { retryLimit: 3, retryDelaySeconds: 60 });
export const CRITICAL_TASK_NUDGES_SCHEDULE = '15 * * * *';

/**
 * One reminder per order still waiting on the patient 24 hours after it was placed (a critical task open): the
 * dedupe key is the order's, so rounds run again, or in two processes at once, send it once. Answers how many it asked for.
 */
export async function nudgeOpenCriticalTasks(db: Db, notifier: Notifier, now: Date): Promise<number> {
  const waiting = await db
    .select({ number: orders.number, customerId: orders.customerId })
    .from(orders)
    .where(
      and(
        eq(orders.state, 'awaiting_patient'),
        lte(orders.createdAt, new Date(now.getTime() - DAY_MS)),
        gte(orders.createdAt, new Date(now.getTime() - NUDGE_WINDOW_DAYS * DAY_MS)),
        sql`exists (select 1 from ${tasks} t join ${taskDefinitions} d on d.code = t.code where t.customer_id = ${outer(orders.customerId)} and t.state = 'open' and d.is_critical)`,
      ),
    );
  for (const order of waiting) {
    await notifier.notify(db, { template: 'critical-tasks-open', customerId: order.customerId, dedupeKey: `critical-tasks-open:${order.number}`, data: { orderNumber: order.number } });
  }
  return waiting.length;
}

export async function workCriticalTaskNudges(jobs: Jobs, db: Db, notifier: Notifier): Promise<void> {
  await jobs.work(criticalTaskNudgesQueue, async (_data, { now }) => {
    await nudgeOpenCriticalTasks(db, notifier, now);
  });
  await jobs.schedule(criticalTaskNudgesQueue, CRITICAL_TASK_NUDGES_SCHEDULE, {});
}
