import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, checkoutResultSchema, completeCheckoutSchema, orderPageSchema, orderViewSchema, taskSchema } from '@elmwood/domain';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { OrderPages } from './order-page';
import type { OrderService } from './service';

const cartParams = z.object({ token: z.string().min(1).max(128).describe('The cart tokenValue') });
const orderParams = z.object({ number: z.string().min(1).max(64).describe('The order number, e.g. EH-7KQ4-M2XP') });
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be a UUID (one per payment attempt)')
    .describe('A new UUID per payment attempt; repeats of one attempt get its first reply'),
});
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

/** Placing orders and reading them back (owner only: another patient's order number answers 404). */
export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrderService; pages: OrderPages; auth: SignedInPatients }> = async (app, { orders, pages, auth }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const customerOf = async (request: Parameters<typeof requireCustomer>[0]) => auth.customer(requireCustomer(request));

  app.post(
    '/checkout/:token/complete',
    {
      schema: {
        tags: ['orders'],
        summary: 'Place the order: authorise the payment (never captured before a clinician approves) and create the order',
        params: cartParams,
        headers: idempotencyHeaders,
        body: completeCheckoutSchema,
        response: { 201: checkoutResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await customerOf(request);
      const result = await orders.complete(customer, request.params.token, request.headers['idempotency-key'], request.body, { address: request.ip });
      return reply.status(result.status).send(result.body);
    },
  );

  app.post(
    '/orders/:number/payment/confirm',
    {
      schema: {
        tags: ['orders'],
        summary: 'After 3-D Secure or PayPal approval: record the outcome and place the order',
        params: orderParams,
        response: { 200: checkoutResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await orders.confirm(await customerOf(request), request.params.number);
      return reply.status(200).send(result.body);
    },
  );

  app.get(
    '/orders/:number',
    { schema: { tags: ['orders'], summary: 'The order for its thank-you page', params: orderParams, response: { 200: orderViewSchema, ...errors } } },
    async (request) => orders.view(await customerOf(request), request.params.number),
  );

  app.get(
    '/orders/:number/details',
    {
      schema: {
        tags: ['orders'],
        summary: 'The order page: items, totals, addresses, what paid, the dated status timeline and the VAT within',
        params: orderParams,
        response: { 200: orderPageSchema, ...errors },
      },
    },
    async (request) => pages.page(await customerOf(request), request.params.number),
  );

  app.get(
    '/orders/:number/receipt',
    {
      schema: {
        tags: ['orders'],
        summary: 'The order’s receipt as a PDF (application/pdf)',
        params: orderParams,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const pdf = await pages.receipt(await customerOf(request), request.params.number);
      const name = `receipt-${request.params.number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(pdf);
    },
  );

  app.get(
    '/orders/:number/tasks',
    { schema: { tags: ['orders'], summary: 'The follow-up tasks this order brought', params: orderParams, response: { 200: z.array(taskSchema), ...errors } } },
    async (request) => orders.tasks(await customerOf(request), request.params.number),
  );

  app.get(
    '/me/experiments',
    { schema: { tags: ['orders'], summary: 'The signed-in patient’s bucket in each running experiment', response: { 200: z.record(z.string(), z.string()), 401: apiErrorSchema } } },
    async (request) => orders.experiments(await customerOf(request)),
  );
};
