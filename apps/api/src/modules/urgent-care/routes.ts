import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, urgentActionBodySchema, urgentCloseBodySchema, urgentItemSchema, urgentQueueSchema } from '@elmwood/domain';
import type { StaffRow } from '../../db/schema/clinic';
import type { UrgentCareService } from './service';
import { CLINICAL_STAFF, PRESCRIBERS } from '../../lib/staff-guard';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const NO_STORE = 'private, no-store';
const itemParams = z.object({ id: z.uuid({ error: 'is not an urgent item id' }) });

/**
 * The urgent clinical queue's routes, registered inside the clinic console's routes (behind its staff sessions and
 * role check): the clinical team reads it, admins see what is overdue, a prescriber owns, acts and closes.
 */
export function urgentCareRoutes(app: FastifyInstance, urgent: UrgentCareService, member: (request: FastifyRequest) => StaffRow) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/clinic/urgent',
    { config: { staffRoles: CLINICAL_STAFF }, schema: { tags: ['clinic'], summary: 'Urgent clinical queue: open items, earliest due first, overdue marked', response: { 200: urgentQueueSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await urgent.queue(member(request))),
  );
  api.get(
    '/clinic/urgent/:id',
    { config: { staffRoles: CLINICAL_STAFF }, schema: { tags: ['clinic'], summary: 'An urgent item: the rules and their sources, the answers in words, the patient’s plans, what was done; audited', params: itemParams, response: { 200: urgentItemSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await urgent.item(member(request), request.params.id)),
  );
  api.post(
    '/clinic/urgent/:id/own',
    { config: { staffRoles: PRESCRIBERS }, schema: { tags: ['clinic'], summary: 'Take the item (prescriber)', params: itemParams, response: { 200: urgentItemSchema, ...errors } } },
    async (request) => urgent.own(member(request), request.params.id),
  );
  api.post(
    '/clinic/urgent/:id/actions',
    {
      config: { staffRoles: PRESCRIBERS },
      schema: { tags: ['clinic'], summary: 'Record what was done: called, advised, restarted the plan at a dose, ended the plan (prescriber)', params: itemParams, body: urgentActionBodySchema, response: { 200: urgentItemSchema, ...errors } },
    },
    async (request) => urgent.act(member(request), request.params.id, request.body),
  );
  api.post(
    '/clinic/urgent/:id/close',
    { config: { staffRoles: PRESCRIBERS }, schema: { tags: ['clinic'], summary: 'Close the item with a note (prescriber)', params: itemParams, body: urgentCloseBodySchema, response: { 200: urgentItemSchema, ...errors } } },
    async (request) => urgent.close(member(request), request.params.id, request.body.note),
  );
}
