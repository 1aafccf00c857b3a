import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, INFORMATION_ANSWER_MESSAGES, informationAnswerSchema, TASK_CODES, taskSchema, type TaskType } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import { answerClinicianQuestion } from './answer';
import { completeTask, findOwnTask } from './completion';
import { findTasks } from './repo';

export const TASK_NOT_FOUND_MESSAGE = 'We could not find that task.';

/** Tasks a page cannot simply tick off: they are done only by what the clinic asked for. */
export const EVIDENCE_NEEDED: Partial<Record<TaskType, string>> = {
  'upload-photo': 'This task is completed by uploading its photo.',
  'gp-info': 'This task is completed by sending your GP details.',
  questionnaire: 'This task is completed by answering its questionnaire.',
  'coach-call': 'This task is completed by booking your call with your coach.',
  'video-consultation': 'This task is completed by booking your video consultation with a prescriber.',
};

/** Tasks of a type a page may tick off, but whose code asks for more: a prescriber's question needs its answer. */
const ANSWER_NEEDED: Record<string, string> = { [TASK_CODES.clinicianQuestion]: INFORMATION_ANSWER_MESSAGES.answerIt };

const NO_STORE = 'private, no-store';

/** The signed-in patient's follow-up tasks, and ticking off those a page completes directly. */
export async function taskRoutes(app: FastifyInstance, { db, auth }: { db: Db; auth: SignedInPatients }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary: "The patient's open tasks, critical first; ?state=completed for those done",
        querystring: z.object({ state: z.enum(['open', 'completed']).default('open') }),
        response: { 200: z.array(taskSchema), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await findTasks(db, customer.id, { state: request.query.state }));
    },
  );

  api.post(
    '/tasks/:id/complete',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Complete a reminder or form task; photo, GP, questionnaire and coach-call tasks are completed by their evidence (the upload, answers, booking)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: taskSchema, 401: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const id = request.params.id;
      const owned = z.uuid().safeParse(id).success ? await findOwnTask(db, customer.id, id) : undefined;
      if (!owned) throw notFound(TASK_NOT_FOUND_MESSAGE);
      const refusal = EVIDENCE_NEEDED[owned.taskType] ?? (Object.hasOwn(ANSWER_NEEDED, owned.code) ? ANSWER_NEEDED[owned.code] : undefined);
      if (refusal) throw new AppError(422, 'TASK_NEEDS_EVIDENCE', refusal);
      const task = await db.transaction((tx) => completeTask(tx, customer.id, id, 'patient'));
      if (!task) throw notFound(TASK_NOT_FOUND_MESSAGE);
      return reply.header('cache-control', NO_STORE).send(task);
    },
  );
  api.post(
    '/tasks/:id/answer',
    {
      schema: {
        tags: ['tasks'],
        summary: "Answer a prescriber's question (the clinician-question task): words, the photo asked for (an upload of category Q, by its id), or both; the order then goes back to the prescriber",
        params: z.object({ id: z.string().max(64) }),
        body: informationAnswerSchema,
        response: { 200: taskSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const id = request.params.id;
      const task = z.uuid().safeParse(id).success ? await answerClinicianQuestion(db, customer.id, id, request.body) : null;
      if (!task) throw notFound(TASK_NOT_FOUND_MESSAGE);
      return reply.header('cache-control', NO_STORE).send(task);
    },
  );
}
