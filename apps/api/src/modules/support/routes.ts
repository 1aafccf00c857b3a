import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, newSupportThreadSchema, sideEffectReportReplySchema, sideEffectReportSchema, supportReplySchema, supportThreadListSchema, supportThreadSchema } from '@elmwood/domain';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { SupportService } from './service';
import { conversationParams, messageIdempotencyHeaders } from '../../lib/route-schemas';

const NO_STORE = 'private, no-store';
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** The patient's side of contact and support: their conversations with the clinic, read and written through their own id. */
export async function supportRoutes(app: FastifyInstance, { support, auth }: { support: SupportService; auth: SignedInPatients }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/support/threads',
    { schema: { tags: ['support'], summary: "The signed-in patient's messages to the clinic and its replies, newest conversation first", response: { 200: supportThreadListSchema, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send({ threads: await support.threadsOf(customer.id) });
    },
  );

  api.post(
    '/support/threads',
    {
      schema: {
        tags: ['support'],
        summary: "A message to the clinic ('Subject', 'Message'): stored, and the clinic inbox is emailed",
        headers: messageIdempotencyHeaders,
        body: newSupportThreadSchema,
        response: { 201: supportThreadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.status(201).header('cache-control', NO_STORE).send(await support.open(customer.id, request.body, request.headers['idempotency-key']));
    },
  );

  api.post(
    '/support/side-effects',
    {
      schema: {
        tags: ['support'],
        summary: 'A side effect reported by the patient: kept as a conversation with the care team; one marked severe opens an urgent clinical item',
        headers: messageIdempotencyHeaders,
        body: sideEffectReportSchema,
        response: { 201: sideEffectReportReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.status(201).header('cache-control', NO_STORE).send(await support.reportSideEffect(customer.id, request.body, request.headers['idempotency-key']));
    },
  );

  api.get(
    '/support/threads/:id',
    { schema: { tags: ['support'], summary: 'One conversation (another patient’s answers 404)', params: conversationParams, response: { 200: supportThreadSchema, ...errors } } },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await support.patientThread(customer.id, request.params.id));
    },
  );

  api.post(
    '/support/threads/:id/messages',
    {
      schema: {
        tags: ['support'],
        summary: 'A further message from the patient in one of their conversations',
        params: conversationParams,
        headers: messageIdempotencyHeaders,
        body: supportReplySchema,
        response: { 201: supportThreadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.status(201).header('cache-control', NO_STORE).send(await support.patientReply(customer.id, request.params.id, request.body.message, request.headers['idempotency-key']));
    },
  );
}
