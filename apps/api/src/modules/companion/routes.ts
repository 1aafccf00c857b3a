import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterStoppingAnswerSchema, afterStoppingSchema, apiErrorSchema, dosePlanSchema, diaryEntryBodySchema, diaryEntryReplySchema, diarySchema, injectionEntrySchema, injectionLogBodySchema, injectionLogSchema, injectionPlanSchema, INJECTION_MESSAGES } from '@elmwood/domain';
import { notFound } from '../../lib/errors';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { AfterStoppingService } from './after-stopping';
import type { DiaryService } from './diary';
import { DOSE_PLAN_NOT_FOUND, type DosePlans } from './dose-plans';
import type { InjectionService } from './injections';
import { entryIdempotencyHeaders, isUuid, NO_STORE, recordIdParams } from '../../lib/route-schemas';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export interface CompanionRoutesDeps {
  injections: InjectionService;
  diary: DiaryService;
  dosePlans: DosePlans;
  afterStopping: AfterStoppingService;
  auth: SignedInPatients;
}

/** The treatment companion's patient routes: the signed-in patient's own records only; anyone else's id answers 404. */
export async function companionRoutes(app: FastifyInstance, { injections, diary, dosePlans, afterStopping, auth }: CompanionRoutesDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ownId = (id: string) => {
    if (!isUuid(id)) throw notFound(INJECTION_MESSAGES.notFound);
    return id;
  };

  api.get(
    '/injections',
    { schema: { tags: ['companion'], summary: "The patient's injection log per weight-loss plan: the next site, the pens' countdown and the weeks missed", response: { 200: injectionLogSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await injections.list(customer.id));
    },
  );

  api.post(
    '/injections',
    {
      schema: {
        tags: ['companion'],
        summary: 'Log a weekly dose (when, the dose supplied, the site) or a missed week, on one of the patient’s plans',
        headers: entryIdempotencyHeaders,
        body: injectionLogBodySchema,
        response: { 201: z.object({ entry: injectionEntrySchema, plan: injectionPlanSchema }), ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.status(201).header('cache-control', NO_STORE).send(await injections.log(customer.id, request.body, request.headers['idempotency-key']));
    },
  );

  api.get(
    '/injections/:id',
    { schema: { tags: ['companion'], summary: 'One logged dose (another patient’s answers 404)', params: recordIdParams, response: { 200: injectionEntrySchema, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await injections.get(customer.id, ownId(request.params.id)));
    },
  );

  api.delete(
    '/injections/:id',
    { schema: { tags: ['companion'], summary: 'Take a dose logged by mistake out of the log (another patient’s answers 404)', params: recordIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      await injections.remove(customer.id, ownId(request.params.id));
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/dose-plans/:id',
    {
      schema: {
        tags: ['companion'],
        summary: 'One weight-loss plan’s dose plan: doses supplied, the dose now, the next step and its earliest delivery, the maintenance dose, and each dose’s price per delivery (another patient’s plan answers 404)',
        params: recordIdParams,
        response: { 200: dosePlanSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      if (!isUuid(request.params.id)) throw notFound(DOSE_PLAN_NOT_FOUND);
      return reply.header('cache-control', NO_STORE).send(await dosePlans.of(customer.id, request.params.id));
    },
  );

  api.get(
    '/after-stopping',
    { schema: { tags: ['companion'], summary: 'The year of support offered after a weight-loss plan ends (null while a plan runs, or once the year is over)', response: { 200: afterStoppingSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await afterStopping.view(customer.id));
    },
  );

  api.post(
    '/after-stopping',
    {
      schema: {
        tags: ['companion'],
        summary: 'Accept the support after stopping (a monthly weight reminder turns on) or decline it',
        body: afterStoppingAnswerSchema,
        response: { 200: afterStoppingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await afterStopping.answer(customer.id, request.body.answer));
    },
  );

  api.get(
    '/side-effect-diary',
    { schema: { tags: ['companion'], summary: "The patient's side-effect diary, newest first", response: { 200: diarySchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await diary.list(customer.id));
    },
  );

  api.post(
    '/side-effect-diary',
    {
      schema: {
        tags: ['companion'],
        summary: 'Log a side effect: triaged at once (a red flag or a severe one opens an urgent clinical item and answers what to do now; two weeks of a moderate one asks a prescriber to review)',
        headers: entryIdempotencyHeaders,
        body: diaryEntryBodySchema,
        response: { 201: diaryEntryReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.status(201).header('cache-control', NO_STORE).send(await diary.log(customer.id, request.body, request.headers['idempotency-key']));
    },
  );
}
