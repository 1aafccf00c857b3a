import { and, desc, eq } from 'drizzle-orm';
import {
  clinicianQuestionOf,
  INFORMATION_ANSWER_MESSAGES,
  informationAnswerProblem,
  QUESTION_PHOTO_CATEGORY,
  TASK_CODES,
  type InformationAnswer,
  type Task,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/customers';
import { informationAnswers } from '../../db/schema/information';
import { orderEvents } from '../../db/schema/orders';
import { tasks } from '../../db/schema/tasks';
import { AppError } from '../../lib/errors';
import { addOrderMessage } from '../order-messages/index';
import { completeTask } from './completion';
import { findTasks } from './repo';

/** The question the task now asks: the latest information_requested event of its order (a later question reopens the task). */
async function questionEventOf(tx: Db, orderId: number): Promise<number | null> {
  const [event] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.machine, 'order'), eq(orderEvents.event, 'information_requested')))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return event?.id ?? null;
}

/** The patient's own photo sent for a question (category Q), or nothing. */
async function ownQuestionPhoto(tx: Db, customerId: number, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.customerId, customerId), eq(uploads.category, QUESTION_PHOTO_CATEGORY)));
  return row !== undefined;
}

type TaskRow = { id: string; code: string; state: string; orderId: number | null; details: Record<string, unknown> | null };

/**
 * Under the task's lock (the caller's transaction): the answer is checked (packages/domain informationAnswerProblem),
 * kept against the question it answers and added to the order's conversation with the prescriber, and the task
 * completed, which puts the order back in the prescriber's queue once no critical task is left. Answers the thread
 * message's id, or null when the task was no longer open.
 */
async function answerOpenTask(tx: Db, customerId: number, task: TaskRow, answer: InformationAnswer, messageKey?: string): Promise<number | null> {
  if (task.code !== TASK_CODES.clinicianQuestion) throw new AppError(422, 'NOT_A_QUESTION', INFORMATION_ANSWER_MESSAGES.notAQuestion);
  if (task.state !== 'open') return null;
  const question = clinicianQuestionOf(task.details ?? {});
  const problem = informationAnswerProblem(answer, question?.photoRequested ?? false);
  if (problem) throw new AppError(422, 'ANSWER_NEEDED', problem, { field: answer.photoId && !question?.photoRequested ? 'photoId' : 'text' });
  if (answer.photoId && !(await ownQuestionPhoto(tx, customerId, answer.photoId))) {
    throw new AppError(422, 'PHOTO_NOT_FOUND', INFORMATION_ANSWER_MESSAGES.photoNotFound, { field: 'photoId' });
  }
  const questionEventId = task.orderId === null ? null : await questionEventOf(tx, task.orderId);
  if (questionEventId === null || task.orderId === null) throw new AppError(422, 'NOT_A_QUESTION', INFORMATION_ANSWER_MESSAGES.notAQuestion);
  const text = answer.text?.trim() || null;
  const [kept] = await tx
    .insert(informationAnswers)
    .values({ questionEventId, orderId: task.orderId, text, uploadId: answer.photoId ?? null })
    .onConflictDoNothing()
    .returning({ id: informationAnswers.id });
  const messageId = kept
    ? await addOrderMessage(tx, { orderId: task.orderId, customerId, staffId: null, kind: 'answer', body: text ?? '', uploadId: answer.photoId ?? null, key: messageKey ?? `answer:${kept.id}` })
    : null;
  await completeTask(tx, customerId, task.id, kept ? `answer:${kept.id}` : 'answer');
  return messageId;
}

const lockTask = (tx: Db, customerId: number, where: ReturnType<typeof and>) =>
  tx
    .select({ id: tasks.id, code: tasks.code, state: tasks.state, orderId: tasks.orderId, details: tasks.details })
    .from(tasks)
    .where(and(eq(tasks.customerId, customerId), where))
    .for('update');

/**
 * The patient answers a prescriber's question (the clinician-question task): words, the photo asked for, or both.
 * A repeat after the answer went through answers the task as it stands. Null when the patient has no such task.
 */
export async function answerClinicianQuestion(db: Db, customerId: number, taskId: string, answer: InformationAnswer): Promise<Task | null> {
  return db.transaction(async (tx) => {
    const [task] = await lockTask(tx, customerId, eq(tasks.id, taskId));
    if (!task) return null;
    await answerOpenTask(tx, customerId, task, answer);
    const [current] = await findTasks(tx, customerId, { taskId });
    return current ?? null;
  });
}

/**
 * A message the patient writes on an order whose prescriber's question is still open answers it (words alone are an
 * answer, even where a photo was asked for), in the caller's transaction. Answers the thread message's id, or null
 * when no question is open (the message is then an ordinary one).
 */
export async function answerOpenQuestionWith(tx: Db, input: { customerId: number; orderId: number; text: string; key: string }): Promise<number | null> {
  const [task] = await lockTask(tx, input.customerId, and(eq(tasks.orderId, input.orderId), eq(tasks.code, TASK_CODES.clinicianQuestion), eq(tasks.state, 'open')));
  return task ? answerOpenTask(tx, input.customerId, task, { text: input.text }, input.key) : null;
}
