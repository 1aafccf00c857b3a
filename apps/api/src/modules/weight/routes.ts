import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, milestonesSchema, milestonesSeenBodySchema, weightLogBodySchema, weightLogEntrySchema, weightLogsSchema, weightPreferencesSchema } from '@elmwood/domain';
import { notFound } from '../../lib/errors';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { MilestoneService } from './milestones';
import { WEIGHT_LOG_NOT_FOUND_MESSAGE, type WeightService } from './service';
import { entryIdempotencyHeaders, isUuid, NO_STORE, recordIdParams } from '../../lib/route-schemas';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** Weight tracking (SPEC §7): the signed-in patient's own entries only; anyone else's id answers 404. */
export async function weightRoutes(app: FastifyInstance, { weight, milestones, auth }: { weight: WeightService; milestones: MilestoneService; auth: SignedInPatients }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ownId = (id: string) => {
    if (!isUuid(id)) throw notFound(WEIGHT_LOG_NOT_FOUND_MESSAGE);
    return id;
  };

  api.get(
    '/weight-logs',
    {
      schema: {
        tags: ['weight'],
        summary: "The patient's weight points (optionally between two instants), goal, starting weight and date, and preferred unit",
        querystring: z.object({ from: z.iso.datetime({ offset: true }).optional(), to: z.iso.datetime({ offset: true }).optional() }),
        response: { 200: weightLogsSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await weight.list(customer.id, request.query));
    },
  );

  api.post(
    '/weight-logs',
    {
      schema: {
        tags: ['weight'],
        summary: 'Log a weight, a goal weight or both, with an optional height, in the units typed; BMI is worked out here',
        headers: entryIdempotencyHeaders,
        body: weightLogBodySchema,
        response: { 201: weightLogEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.status(201).header('cache-control', NO_STORE).send(await weight.create(customer.id, request.body, request.headers['idempotency-key']));
    },
  );

  api.put(
    '/weight-logs/:id',
    {
      schema: {
        tags: ['weight'],
        summary: "Edit a weight the patient logged, with the same list (a consultation's or check-in's answers are not edited: 409)",
        params: recordIdParams,
        body: weightLogBodySchema,
        response: { 200: weightLogEntrySchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await weight.update(customer.id, ownId(request.params.id), request.body));
    },
  );

  api.delete(
    '/weight-logs/:id',
    { schema: { tags: ['weight'], summary: 'Delete a weight the patient logged (not a consultation’s or check-in’s: 409)', params: recordIdParams, response: { 204: z.null(), ...errors, 409: apiErrorSchema } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      await weight.remove(customer.id, ownId(request.params.id));
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/me/preferences',
    {
      schema: { tags: ['weight'], summary: 'Save the weight unit the patient prefers (after a successful log)', body: weightPreferencesSchema, response: { 200: weightPreferencesSchema, 400: apiErrorSchema, 401: apiErrorSchema } },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await weight.setPreferredUnit(customer.id, request.body.weightUnit));
    },
  );

  api.get(
    '/milestones',
    {
      schema: {
        tags: ['weight'],
        summary: "The weight log's milestones the patient has reached (first weigh-in, 5% and 10% lost, goal, 4 and 12 weeks of weekly weigh-ins), each new until shown, and a plateau that suggests the coach",
        response: { 200: milestonesSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await milestones.of(customer.id));
    },
  );

  api.post(
    '/milestones/seen',
    { schema: { tags: ['weight'], summary: 'The milestones the page has shown: not new any more (each is shown once)', body: milestonesSeenBodySchema, response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      await milestones.seen(customer.id, request.body.codes);
      return reply.status(204).send(null);
    },
  );
}
