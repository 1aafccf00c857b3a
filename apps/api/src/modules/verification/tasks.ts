import { and, eq } from 'drizzle-orm';
import { TASK_CODES } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema/tasks';
import { orderStanding } from './standing';

/**
 * A weight-loss order (first or renewal) whose patient has no verification that stands for it asks the patient to
 * book a video consultation: one open task per patient, in the order's transaction. An order needing none asks nothing.
 */
export async function offerVideoConsultation(tx: Db, order: { id: number; customerId: number }, now: Date): Promise<boolean> {
  const found = await orderStanding(tx, order, now);
  if (!found.required || found.standing === 'valid') return false;
  const [open] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.customerId, order.customerId), eq(tasks.code, TASK_CODES.videoConsultation), eq(tasks.state, 'open')))
    .limit(1);
  if (open) return false;
  const inserted = await tx.insert(tasks).values({ customerId: order.customerId, orderId: order.id, code: TASK_CODES.videoConsultation }).onConflictDoNothing().returning({ id: tasks.id });
  return inserted.length > 0;
}

/** A booking cancelled before any verification: the task its booking completed is open again. */
export async function reopenVideoConsultationTask(tx: Db, customerId: number, consultationId: string): Promise<void> {
  await tx
    .update(tasks)
    .set({ state: 'open', completedAt: null, completedWith: null })
    .where(and(eq(tasks.customerId, customerId), eq(tasks.code, TASK_CODES.videoConsultation), eq(tasks.state, 'completed'), eq(tasks.completedWith, `video-consultation:${consultationId}`)));
}

/** A booking moved: the task its first booking completed now names the booking that stands. */
export async function moveVideoConsultationTaskEvidence(tx: Db, customerId: number, fromId: string, toId: string): Promise<void> {
  await tx
    .update(tasks)
    .set({ completedWith: `video-consultation:${toId}` })
    .where(and(eq(tasks.customerId, customerId), eq(tasks.code, TASK_CODES.videoConsultation), eq(tasks.completedWith, `video-consultation:${fromId}`)));
}
