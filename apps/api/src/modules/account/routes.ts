import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountHomeSchema,
  apiErrorSchema,
  deletionRequestViewSchema,
  keptRecordsView,
  keptRecordsViewSchema,
  nextDeliveryChangeSchema,
  ORDER_HISTORY_MAX_PAGE_SIZE,
  ORDER_HISTORY_PAGE_SIZE,
  orderHistoryPageSchema,
  subscriptionViewSchema,
  type RetentionPeriods,
} from '@elmwood/domain';
import { notFound } from '../../lib/errors';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { DeletionRequests } from './deletion';
import { SUBSCRIPTION_NOT_FOUND_MESSAGE, type AccountService } from './service';

const NO_STORE = 'private, no-store';
const subscriptionParams = z.object({ id: z.string().max(64) });
const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** The account area: home, order history and treatment plans, each read through the signed-in patient's id. */
export async function accountRoutes(
  app: FastifyInstance,
  { account, auth, deletions, retention }: { account: AccountService; auth: SignedInPatients; deletions: DeletionRequests; retention: RetentionPeriods },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const keptRecords = keptRecordsView(retention);

  api.get(
    '/kept-records',
    {
      schema: {
        tags: ['account'],
        summary: 'What a deleted account leaves behind: each kind of record, why it is kept, for how long (configured), and what happens then',
        response: { 200: keptRecordsViewSchema },
      },
    },
    // The same for everyone and changed only by a restart with new configuration.
    async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(keptRecords),
  );

  api.get(
    '/me/deletion-request',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in patient’s request to delete their account, or null',
        response: { 200: deletionRequestViewSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await deletions.view(customer.id));
    },
  );

  api.post(
    '/me/deletion-request',
    {
      schema: {
        tags: ['account'],
        summary: 'Ask the clinic to delete the account (made once; asking again answers the same request)',
        response: { 200: deletionRequestViewSchema, 401: apiErrorSchema },
      },
    },
    async (request) => deletions.request((await auth.customer(requireCustomer(request))).id),
  );

  api.get(
    '/account/home',
    {
      schema: {
        tags: ['account'],
        summary: 'Progress, goals, active and recommended treatments, latest orders, appointments, get-app banner',
        response: { 200: accountHomeSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', NO_STORE).send(await account.home(customer.id));
    },
  );

  api.get(
    '/orders',
    {
      schema: {
        tags: ['account'],
        summary: "The patient's order history, newest first",
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          limit: z.coerce.number().int().min(1).max(ORDER_HISTORY_MAX_PAGE_SIZE).default(ORDER_HISTORY_PAGE_SIZE),
        }),
        response: { 200: orderHistoryPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      const { page, limit } = request.query;
      return reply.header('cache-control', NO_STORE).send(await account.orderHistory(customer.id, page, limit));
    },
  );

  api.get(
    '/subscriptions/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'A treatment plan with the status timeline of the order that began it',
        params: subscriptionParams,
        response: { 200: subscriptionViewSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      if (!isUuid(request.params.id)) throw notFound(SUBSCRIPTION_NOT_FOUND_MESSAGE);
      return reply.header('cache-control', NO_STORE).send(await account.subscription(customer.id, request.params.id));
    },
  );

  api.put(
    '/subscriptions/:id/next-delivery',
    {
      schema: {
        tags: ['account'],
        summary: 'Move the next delivery: from the end of the standard delivery window, up to 28 days after the scheduled date, working days only',
        params: subscriptionParams,
        body: nextDeliveryChangeSchema,
        response: { 200: subscriptionViewSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      if (!isUuid(request.params.id)) throw notFound(SUBSCRIPTION_NOT_FOUND_MESSAGE);
      return reply.header('cache-control', NO_STORE).send(await account.moveNextDelivery(customer.id, request.params.id, request.body.date));
    },
  );
}
