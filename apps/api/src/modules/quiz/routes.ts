import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answersByGroupSchema, answersByIdsSchema, apiErrorSchema, questionnaireReplySchema, quizStateSchema, withoutSecondOfClass, type QuizState } from '@elmwood/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { PrebuiltReplies } from '../../lib/prebuilt-replies';
import { sendSerialisedJson } from '../../lib/serialised-json';
import type { QuestionnaireService } from '../../contracts/questionnaires';
import { checkAnswersById, checkGroupedAnswers } from './answers';
import type { SignedInPatients } from '../../lib/signed-in';
import { TASK_DONE_MESSAGE, TASK_REQUIRED_MESSAGE, taskAnswering } from './follow-up';
import { hasAnswers, keepAnswerReply, keptAnswerReply } from './repo';
import type { QuizService } from './service';
import { readQuizSession, startQuizSession } from './session';
import type { TaskBook } from '../../contracts/tasks';

const slugParams = z.object({
  slug: z.string().min(1).max(120).regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes'),
});
const taskIdQuery = z.uuid().optional().describe("The signed-in patient's questionnaire task these answers are for");
const taskQuery = z.object({ taskId: taskIdQuery });
const recommendationsQuery = z.object({
  allowRecommendations: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true')
    .describe('1 to include the recommended products once the consultation is complete'),
  taskId: taskIdQuery,
});
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be a UUID (one per step sent)')
    .optional()
    .describe('A new UUID per step sent; the same step sent again with it (kept offline, retried) answers as the first time and changes nothing'),
});
const NO_STORE = 'no-store';

export interface QuizRoutesOptions {
  db: Db;
  questionnaires: QuestionnaireService;
  quiz: QuizService;
  auth: SignedInPatients;
  /** A follow-up questionnaire is answered for the patient's own open task. */
  taskBook: Pick<TaskBook, 'findOwn'>;
  secureCookies: boolean;
  /**
   * A follow-up task's consultation answered to its last step (the task-completed workflow: the task done, a check-in
   * judged and the plans moved, the weight charted), in the transaction given.
   */
  taskAnswered: (tx: Db, input: { customerId: number; taskId: string; consultationId: string }) => Promise<void>;
  /** The questionnaire's cookie-less read is replayed from here while the definition stays cached. */
  prebuilt: PrebuiltReplies;
  /** The medicines a signed-in patient takes or is about to (their live orders' products), by their public uid. */
  takenProducts?: (customerUid: string) => Promise<string[]>;
}

/**
 * The consultation: the questionnaire as data, and this browser's answers saved against its anonymous quiz
 * session (cookie quiz_session). The server re-evaluates every change; the browser's verdict is only a preview.
 */
export const quizRoutes: FastifyPluginAsyncZod<QuizRoutesOptions> = async (app, { db, questionnaires, quiz, auth, secureCookies, taskAnswered, prebuilt, takenProducts, taskBook }) => {

  /** A signed-in patient is never recommended a second medicine of a class they take (a Mounjaro patient: not Wegovy). */
  async function offerable(request: FastifyRequest, state: QuizState): Promise<QuizState> {
    if (!request.customerUid || !takenProducts || state.recommendations.length === 0) return state;
    const taken = await takenProducts(request.customerUid);
    return { ...state, recommendations: withoutSecondOfClass(state.recommendations, taken, (code) => code) };
  }

  async function questionnaireBySlug(slug: string) {
    const cached = await questionnaires.bySlug(slug);
    if (!cached) throw notFound(`There is no consultation called '${slug}'.`);
    return cached;
  }

  app.get(
    '/questionnaires/by-slug/:slug',
    {
      onSend: prebuilt.record,
      schema: {
        tags: ['quiz'],
        summary: "A consultation's steps, questions and eligibility rules; hasAnswered when this browser has answers",
        params: slugParams,
        querystring: taskQuery,
        response: { 200: questionnaireReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const cached = await questionnaireBySlug(request.params.slug);
      const { taskId } = request.query;
      const forTask = taskId ? await taskAnswering(request, { db, auth, taskBook }, cached.questionnaire, taskId) : null;
      const session = forTask ? forTask.key : readQuizSession(request);
      const answered = session !== null && (await hasAnswers(db, session, cached.questionnaire.questionnaireId));
      // Sent as the JSON serialised when the questionnaire was cached (a string skips the serializer).
      const json = answered ? cached.json.answered : cached.json.fresh;
      // Only a reply that no session chose may be replayed (the replay also requires a request without cookies).
      if (session === null) prebuilt.mark(reply as FastifyReply, cached.freshness, json.worthCompressing);
      return sendSerialisedJson(request, (reply as FastifyReply).header('cache-control', 'private, no-cache'), json);
    },
  );

  app.patch(
    '/medical-history-for-groups-by-slug/:slug',
    {
      schema: {
        tags: ['quiz'],
        summary: 'Save answers keyed by step (question group) then question id; null clears an answer',
        params: slugParams,
        querystring: recommendationsQuery,
        headers: idempotencyHeaders,
        body: answersByGroupSchema,
        response: { 200: quizStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { questionnaire } = await questionnaireBySlug(request.params.slug);
      const forTask = await taskAnswering(request, { db, auth, taskBook }, questionnaire, request.query.taskId);
      // A step kept offline and sent again (its first reply lost): the first reply, with nothing changed since overwritten.
      const idempotencyKey = request.headers['idempotency-key'];
      const session = forTask ? forTask.key : readQuizSession(request);
      const kept = idempotencyKey && session ? await keptAnswerReply(db, session, idempotencyKey) : null;
      if (kept) return reply.header('cache-control', NO_STORE).send(kept as QuizState);
      if (forTask && !forTask.taskOpen) throw new AppError(409, 'TASK_COMPLETED', TASK_DONE_MESSAGE);
      const answers = checkGroupedAnswers(questionnaire, request.body);
      let started: string | null = null;
      const state = await quiz.saveAnswers({
        questionnaire,
        sessionHash: session,
        startSession: forTask ? () => forTask.key : () => (started = startQuizSession(reply, secureCookies)),
        answers,
        withRecommendations: forTask ? false : request.query.allowRecommendations,
      });
      // The last step's answers complete the task; the consultation is what the clinician reads.
      if (forTask && state.flags.complete) {
        await db.transaction((tx) => taskAnswered(tx, { customerId: forTask.customerId, taskId: forTask.taskId, consultationId: state.consultationId }));
      }
      const sent = await offerable(request, state);
      const sessionKey = session ?? started;
      if (idempotencyKey && sessionKey) await keepAnswerReply(db, sessionKey, idempotencyKey, sent as unknown as Record<string, unknown>);
      return reply.header('cache-control', NO_STORE).send(sent);
    },
  );

  app.patch(
    '/medical-history-for-groups-by-ids',
    {
      schema: {
        tags: ['quiz'],
        summary: 'Save answers of one questionnaire keyed by question id; null clears an answer',
        body: answersByIdsSchema,
        response: { 200: quizStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const cached = await questionnaires.byId(request.body.questionnaireId);
      if (!cached) throw notFound(`There is no consultation number ${request.body.questionnaireId}.`);
      if (cached.questionnaire.kind === 'follow-up') throw new AppError(422, 'TASK_REQUIRED', TASK_REQUIRED_MESSAGE);
      const answers = checkAnswersById(cached.questionnaire, request.body.answers);
      const state = await quiz.saveAnswers({
        questionnaire: cached.questionnaire,
        sessionHash: readQuizSession(request),
        startSession: () => startQuizSession(reply, secureCookies),
        answers,
        withRecommendations: true,
      });
      return reply.header('cache-control', NO_STORE).send(await offerable(request, state));
    },
  );

  app.get(
    '/medical-history-by-slug/:slug',
    {
      schema: {
        tags: ['quiz'],
        summary: "This browser's consultation, evaluated now, with recommendations (for a reload or the recommendations page)",
        params: slugParams,
        querystring: taskQuery,
        response: { 200: quizStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { questionnaire } = await questionnaireBySlug(request.params.slug);
      const forTask = await taskAnswering(request, { db, auth, taskBook }, questionnaire, request.query.taskId);
      const session = forTask ? forTask.key : readQuizSession(request);
      const state = session ? await quiz.current(questionnaire, session) : null;
      if (!state) throw new AppError(404, 'NO_CONSULTATION', 'You have not started this consultation in this browser yet.');
      return reply.header('cache-control', NO_STORE).send(await offerable(request, state));
    },
  );
};
