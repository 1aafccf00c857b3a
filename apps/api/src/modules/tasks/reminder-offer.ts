import { and, eq } from 'drizzle-orm';
import { TASK_CODES } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema/tasks';

/**
 * Once a weight-loss treatment is approved, the patient is asked to set up weight-tracking reminders: once per
 * patient (a later order, or an approval repeated, asks nothing new). Runs in the approval's transaction.
 */
export async function offerReminderSetUp(tx: Pick<Db, 'select' | 'insert'>, order: { id: number; customerId: number; consultationSlug: string | null }): Promise<void> {
  if (order.consultationSlug !== 'weight-loss') return;
  const [existing] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.customerId, order.customerId), eq(tasks.code, TASK_CODES.reminderSetUp)))
    .limit(1);
  if (existing) return;
  await tx.insert(tasks).values({ customerId: order.customerId, orderId: order.id, code: TASK_CODES.reminderSetUp }).onConflictDoNothing();
}

/**
 * Approving a patient's first weight-loss order also offers the first coach call (SPEC §2 tasks: book a coach call),
 * once per patient; booking the call completes it.
 */
export async function offerFirstCoachCall(tx: Pick<Db, 'select' | 'insert'>, order: { id: number; customerId: number; consultationSlug: string | null }): Promise<void> {
  if (order.consultationSlug !== 'weight-loss') return;
  const [existing] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.customerId, order.customerId), eq(tasks.code, TASK_CODES.initialCoachCall)))
    .limit(1);
  if (existing) return;
  await tx.insert(tasks).values({ customerId: order.customerId, orderId: order.id, code: TASK_CODES.initialCoachCall }).onConflictDoNothing();
}
