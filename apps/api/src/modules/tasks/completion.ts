import { and, eq, sql } from 'drizzle-orm';
import { TASK_CODES, urgentContactLine, type OrderState, type Task, type TaskType } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { taskDefinitions, tasks } from '../../db/schema/tasks';
import { applyOrderEvent } from '../../lifecycle/index';
import type { CheckInAnswered, OpenTaskRow, TaskBook } from '../../contracts/tasks';
import { findTasks } from './repo';

export type { CheckInAnswered, OpenTaskRow };

/** A check-in is completed by its answers (a consultation id); only answers move the plan. */
const CONSULTATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const openTaskColumns = {
  id: tasks.id,
  code: tasks.code,
  orderId: tasks.orderId,
  state: tasks.state,
  taskType: taskDefinitions.taskType,
  isCritical: taskDefinitions.isCritical,
  configuration: taskDefinitions.configuration,
};

/** One patient's task with what completing it needs to know; undefined for anyone else's. */
export async function findOwnTask(db: Db, customerId: number, taskId: string): Promise<OpenTaskRow | undefined> {
  const [row] = await db
    .select(openTaskColumns)
    .from(tasks)
    .innerJoin(taskDefinitions, eq(taskDefinitions.code, tasks.code))
    .where(and(eq(tasks.id, taskId), eq(tasks.customerId, customerId)));
  return row ? { ...row, taskType: row.taskType as TaskType } : undefined;
}

/**
 * Marks a patient's open task done with its evidence (an upload id, 'gp-info', a consultation id, 'patient')
 * inside the caller's transaction. When that was the patient's last open critical task, their orders waiting
 * on them move on to the clinician (awaiting_patient → in_review, through the order lifecycle) in the same
 * transaction. A later order does not bring a critical task the patient already has open, so it waits on the
 * earlier order's task: the check is per patient, as checkout's is. The patient's row is locked first, so two
 * tasks completed at once cannot both miss being the last.
 * A weight-loss check-in completed by its answers moves the patient's plans (checkInAnswered, which the
 * caller hands in); when the answers stop the supply or need the patient to act, what they are told is kept on the task
 * (details.outcomePopup), so the page that finishes it shows that instead of the usual thank-you.
 * Answers the task as it now stands, or null when the patient has no such task.
 */
export async function completeTask(tx: Db, customerId: number, taskId: string, completedWith: string, checkInAnswered?: CheckInAnswered): Promise<Task | null> {
  const task = await findOwnTask(tx, customerId, taskId);
  if (!task) return null;
  if (task.state === 'open') {
    if (task.isCritical) await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    const updated = await tx
      .update(tasks)
      .set({ state: 'completed', completedAt: sql`now()`, completedWith })
      .where(and(eq(tasks.id, taskId), eq(tasks.state, 'open')))
      .returning({ id: tasks.id });
    if (updated.length > 0 && task.isCritical) await advanceReviewWhenVerified(tx, customerId);
    // A weight-loss check-in answered: judged, then the plan's renewal can go to the prescriber (or the supply stops).
    if (updated.length > 0 && task.code === TASK_CODES.weightLossCheckIn && CONSULTATION_ID.test(completedWith)) {
      if (!checkInAnswered) throw new Error('A check-in completed by its answers needs the step that moves the plans');
      const { outcome, contactBy } = await checkInAnswered(tx, { customerId, consultationId: completedWith });
      if (outcome?.patientMessage) {
        const title =
          outcome.supply === 'stop' ? 'We have paused your next delivery' : contactBy ? 'One of our prescribers will phone you' : 'Please read this before your next dose';
        const message = contactBy ? `${outcome.patientMessage} ${urgentContactLine(contactBy)}` : outcome.patientMessage;
        await tx
          .update(tasks)
          .set({ details: sql`coalesce(${tasks.details}, '{}'::jsonb) || ${JSON.stringify({ outcomePopup: { title, message } })}::jsonb` })
          .where(eq(tasks.id, taskId));
      }
    }
  }
  const [current] = await findTasks(tx, customerId, { taskId });
  return current ?? null;
}

async function advanceReviewWhenVerified(tx: Db, customerId: number): Promise<void> {
  const [open] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(tasks)
    .innerJoin(taskDefinitions, eq(taskDefinitions.code, tasks.code))
    .where(and(eq(tasks.customerId, customerId), eq(tasks.state, 'open'), eq(taskDefinitions.isCritical, true)));
  if ((open?.count ?? 0) > 0) return;
  const waiting = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.state, 'awaiting_patient' satisfies OrderState)));
  for (const order of waiting) await applyOrderEvent(tx, order.id, 'critical_tasks_done', { type: 'patient', id: customerId });
}

/**
 * Completes every open task of the patient that `matches` (by type and configuration), e.g. the ID task when
 * an identity photo arrives without naming its task. Answers the tasks completed.
 */
export async function completeOpenTasksWhere(
  tx: Db,
  customerId: number,
  matches: (task: OpenTaskRow) => boolean,
  completedWith: string,
): Promise<Task[]> {
  const open = await tx
    .select(openTaskColumns)
    .from(tasks)
    .innerJoin(taskDefinitions, eq(taskDefinitions.code, tasks.code))
    .where(and(eq(tasks.customerId, customerId), eq(tasks.state, 'open')));
  const completed: Task[] = [];
  for (const task of open.map((row) => ({ ...row, taskType: row.taskType as TaskType })).filter(matches)) {
    const done = await completeTask(tx, customerId, task.id, completedWith);
    if (done) completed.push(done);
  }
  return completed;
}

/** The patient's tasks as other modules use them (contracts/tasks.ts). */
export const taskBook: TaskBook = { find: findTasks, findOwn: findOwnTask, complete: completeTask, completeOpenWhere: completeOpenTasksWhere };
