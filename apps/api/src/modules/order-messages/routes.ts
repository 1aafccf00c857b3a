import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, clinicOrderThreadSchema, orderMessageBodySchema, orderThreadSchema, unansweredOrderMessagesSchema } from '@elmwood/domain';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { StaffRow } from '../../db/schema/clinic';
import type { OrderMessages } from './service';
import { CLINICAL_STAFF, PRESCRIBERS } from '../../lib/staff-guard';

const NO_STORE = 'private, no-store';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const idempotencyHeaders = z.object({
  'idempotency-key': z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be a UUID (one per message)').describe('A new UUID per message; a repeat of one send gets its first reply'),
});
const patientOrderParams = z.object({ number: z.string().min(1).max(64).describe('The order number, e.g. EH-7KQ4-M2XP') });
const clinicOrderParams = z.object({ number: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'is not an order number').describe('The order number, e.g. EH-7KQ4-M2XP') });

/** The patient's side: the conversation on one of their own orders (another patient's order answers 404). */
export async function orderMessageRoutes(app: FastifyInstance, { orderMessages, auth }: { orderMessages: OrderMessages; auth: SignedInPatients }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/orders/:number/messages',
    { schema: { tags: ['orders'], summary: 'The conversation with the prescriber on the order, oldest first', params: patientOrderParams, response: { 200: orderThreadSchema, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await orderMessages.patientThread(customer.id, request.params.number));
    },
  );
  api.post(
    '/orders/:number/messages',
    {
      schema: {
        tags: ['orders'],
        summary: "A message to the prescriber on the order; while the prescriber's question is open it answers it (the order goes back to the prescriber)",
        params: patientOrderParams,
        headers: idempotencyHeaders,
        body: orderMessageBodySchema,
        response: { 201: orderThreadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const thread = await orderMessages.patientWrite(customer.id, request.params.number, request.body.message, request.headers['idempotency-key']);
      return reply.status(201).header('cache-control', NO_STORE).send(thread);
    },
  );
}


/** The console's side, inside the clinic's routes (staff sessions, role check): read by clinicians, written by prescribers. */
export function orderMessageConsoleRoutes(app: FastifyInstance, orderMessages: OrderMessages, member: (request: FastifyRequest) => StaffRow) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/clinic/orders/:number/messages',
    { config: { staffRoles: CLINICAL_STAFF }, schema: { tags: ['clinic'], summary: 'The conversation between the patient and the prescriber on the order; audited', params: clinicOrderParams, response: { 200: clinicOrderThreadSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await orderMessages.clinicThread(member(request), request.params.number)),
  );
  api.post(
    '/clinic/orders/:number/messages',
    {
      config: { staffRoles: PRESCRIBERS },
      schema: {
        tags: ['clinic'],
        summary: 'A prescriber writes to the patient on the order (the patient is emailed to read it in their account); one message per Idempotency-Key; audited',
        params: clinicOrderParams,
        headers: idempotencyHeaders,
        body: orderMessageBodySchema,
        response: { 201: clinicOrderThreadSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).header('cache-control', NO_STORE).send(await orderMessages.clinicWrite(member(request), request.params.number, request.body.message, request.headers['idempotency-key'])),
  );
  api.get(
    '/clinic/order-messages/unanswered',
    { config: { staffRoles: CLINICAL_STAFF }, schema: { tags: ['clinic'], summary: "Orders whose patient's message waits for a reply, the longest wait first; audited", response: { 200: unansweredOrderMessagesSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await orderMessages.unanswered(member(request))),
  );
  api.get(
    '/clinic/order-messages/unanswered/count',
    { config: { staffRoles: CLINICAL_STAFF }, schema: { tags: ['clinic'], summary: "How many orders wait for a reply to the patient's message (the console's navigation)", response: { 200: z.object({ count: z.number().int() }), ...errors } } },
    async (_request, reply) => reply.header('cache-control', NO_STORE).send({ count: await orderMessages.unansweredCount() }),
  );
}
