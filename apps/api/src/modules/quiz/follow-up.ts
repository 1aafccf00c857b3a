import type { FastifyRequest } from 'fastify';
import type { Questionnaire } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { TaskBook } from '../../contracts/tasks';

export const TASK_REQUIRED_MESSAGE = 'This questionnaire is answered from a task in your account.';
export const WRONG_QUESTIONNAIRE_MESSAGE = 'This task asks for a different questionnaire.';
export const TASK_DONE_MESSAGE = 'You have already sent these answers. Thank you.';

/**
 * Answers given for a task are kept against that task, not a browser: their consultation row is keyed
 * 'task:{taskId}' where an anonymous one holds the SHA-256 of its quiz-session cookie (which never contains ':').
 */
export function taskAnswersKey(taskId: string): string {
  return `task:${taskId}`;
}

export interface TaskAnswering {
  key: string;
  customerId: number;
  taskId: string;
  taskOpen: boolean;
}

/**
 * Who is answering: with a taskId, the signed-in patient for their own open questionnaire task of this
 * questionnaire (anyone else's task is 404); without one, the browser's anonymous session, which a follow-up
 * questionnaire does not accept.
 */
export async function taskAnswering(
  request: FastifyRequest,
  { db, auth, taskBook }: { db: Db; auth: SignedInPatients; taskBook: Pick<TaskBook, 'findOwn'> },
  questionnaire: Pick<Questionnaire, 'slug' | 'kind'>,
  taskId: string | undefined,
): Promise<TaskAnswering | null> {
  if (!taskId) {
    if (questionnaire.kind === 'follow-up') throw new AppError(422, 'TASK_REQUIRED', TASK_REQUIRED_MESSAGE);
    return null;
  }
  const customer = await auth.customer(requireCustomer(request));
  const task = await taskBook.findOwn(db, customer.id, taskId);
  if (!task) throw notFound('We could not find that task.');
  if (task.taskType !== 'questionnaire' || task.configuration.slug !== questionnaire.slug) {
    throw new AppError(422, 'WRONG_TASK', WRONG_QUESTIONNAIRE_MESSAGE);
  }
  return { key: taskAnswersKey(taskId), customerId: customer.id, taskId, taskOpen: task.state === 'open' };
}
