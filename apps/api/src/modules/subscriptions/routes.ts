import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, cancelPlanSchema, changeDoseSchema, pausePlanSchema, planManagementSchema } from '@elmwood/domain';
import { notFound } from '../../lib/errors';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import { PLAN_NOT_FOUND_MESSAGE, type PlanService } from './plan';

const NO_STORE = 'private, no-store';
const params = z.object({ id: z.string().max(64) });
const actionReply = z.object({ plan: planManagementSchema, message: z.string() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** Managing a treatment plan from /account/plan/{id}: read through the signed-in patient's id; another's plan is 404. */
export async function planRoutes(app: FastifyInstance, { plans, auth }: { plans: PlanService; auth: SignedInPatients }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const planId = (id: string) => {
    if (!z.uuid().safeParse(id).success) throw notFound(PLAN_NOT_FOUND_MESSAGE);
    return id;
  };

  api.get(
    '/subscriptions/:id/plan',
    { schema: { tags: ['account'], summary: 'Next delivery and charge, the change cut-off, renewals, and what the patient may change', params, response: { 200: planManagementSchema, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await plans.plan(customer.id, planId(request.params.id)));
    },
  );

  api.post(
    '/subscriptions/:id/pause',
    { schema: { tags: ['account'], summary: "'Pause' for 1 or 2 delivery periods (after the cut-off: from the following delivery)", params, body: pausePlanSchema, response: { 200: actionReply, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await plans.pause(customer.id, planId(request.params.id), request.body.periods));
    },
  );

  api.post(
    '/subscriptions/:id/resume',
    { schema: { tags: ['account'], summary: 'Resume a paused plan', params, response: { 200: actionReply, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await plans.resume(customer.id, planId(request.params.id)));
    },
  );

  api.post(
    '/subscriptions/:id/skip',
    { schema: { tags: ['account'], summary: "'Skip next delivery' (after the cut-off: the following one)", params, response: { 200: actionReply, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await plans.skip(customer.id, planId(request.params.id)));
    },
  );

  api.post(
    '/subscriptions/:id/cancel',
    { schema: { tags: ['account'], summary: "'Cancel plan' with a reason; plans of several months only in the week before they renew", params, body: cancelPlanSchema, response: { 200: actionReply, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await plans.cancel(customer.id, planId(request.params.id), request.body.reason, request.body.details));
    },
  );

  api.post(
    '/subscriptions/:id/clinician-call',
    {
      schema: {
        tags: ['account'],
        summary: "'Speak to a clinician first' (cancelling for side effects): a prescriber calls the patient (the urgent clinical queue); the plan is not cancelled",
        params,
        response: { 200: actionReply, ...errors, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await plans.clinicianCall(customer.id, planId(request.params.id)));
    },
  );

  api.post(
    '/subscriptions/:id/dose',
    { schema: { tags: ['account'], summary: "'Change dose' from the next renewal: lower, same or (with the prescriber's approval) higher", params, body: changeDoseSchema, response: { 200: actionReply, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await plans.changeDose(customer.id, planId(request.params.id), request.body.variantCode, request.body.counsellingAcknowledged === true));
    },
  );
}
