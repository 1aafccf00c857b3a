import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCartItemSchema,
  apiErrorSchema,
  applyCouponSchema,
  cartSchema,
  checkoutAddressSchema,
  createCartSchema,
  linkConsultationSchema,
} from '@elmwood/domain';
import { TooManyRequestsError } from '../../lib/errors';
import { checkAll, type RateLimiter } from '../../lib/rate-limiter';
import { idParam, parseBody } from '../../lib/validation';
import { readQuizSession } from '../../lib/quiz-session';
import type { CartService } from './service';

const tokenParams = z.object({ token: z.string().min(1).max(128).describe('The cart tokenValue') });
const itemParams = tokenParams.extend({ itemId: idParam });
const multipleItemsSchema = z.object({ items: z.array(addCartItemSchema).min(1).max(20) });
const addressDoc = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().describe('Address line 1'),
  street: z.string().optional().describe('Address line 2'),
  city: z.string(),
  postcode: z.string(),
  countryCode: z.literal('GB').optional(),
  phoneNumber: z.string().optional(),
});
/** Documents the body; addressSchema checks it with SPEC §5's messages. */
const checkoutAddressDoc = z.object({ shippingAddress: addressDoc, billingAddress: addressDoc.optional().describe('Omitted: billed to the delivery address') });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const NO_STORE = 'no-store';
const TOO_MANY_CODES_MESSAGE = 'Too many discount codes tried. Please wait 15 minutes and try again.';
const TOO_MANY_CARTS_MESSAGE = 'We are receiving a lot of requests from your connection. Please wait a few minutes and try again.';
/** The one key of a shop-wide limit. */
const EVERYONE = 'shop';

export interface CouponAttemptLimits {
  perAddress: RateLimiter;
  perCart: RateLimiter;
  /** Codes given with a new cart, per consultation session (the cart has no token yet). */
  perSession: RateLimiter;
  global: RateLimiter;
}

export interface CartCreationLimits {
  perAddress: RateLimiter;
  global: RateLimiter;
}

/**
 * Carts (Sylius Shop API shape). The browser names products, variants and frequencies, never prices. A
 * prescription-only medicine goes in only when a consultation linked to the cart makes the patient eligible.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ carts: CartService; couponLimits: CouponAttemptLimits; cartLimits: CartCreationLimits }> = async (
  app,
  { carts, couponLimits, cartLimits },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', NO_STORE);
  });

  app.post(
    '/carts',
    {
      schema: {
        tags: ['cart'],
        summary: 'Create a cart; the reply carries its tokenValue',
        body: createCartSchema,
        response: { 201: cartSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const opening = await checkAll([
        [cartLimits.perAddress, request.ip],
        [cartLimits.global, EVERYONE],
      ]);
      if (!opening.allowed) throw new TooManyRequestsError('TOO_MANY_CARTS', TOO_MANY_CARTS_MESSAGE, opening.retryAfterSeconds);
      // A code from a marketing link counts as a guess too; past the limit it is dropped rather than refused,
      // so the patient still gets a cart and the guesser learns nothing.
      const { couponCode } = request.body;
      const session = readQuizSession(request);
      const coupon =
        couponCode &&
        (
          await checkAll([
            [couponLimits.perAddress, request.ip],
            [couponLimits.global, EVERYONE],
            ...(session ? ([[couponLimits.perSession, session]] as const) : []),
          ])
        ).allowed
          ? couponCode
          : null;
      return reply.status(201).send(await carts.create(request.body.channel, coupon));
    },
  );

  app.get(
    '/carts/:token',
    { schema: { tags: ['cart'], summary: 'The cart with its lines and totals (pence)', params: tokenParams, response: { 200: cartSchema, ...errors } } },
    async (request) => carts.get(request.params.token, request.customerUid),
  );

  app.post(
    '/carts/:token/items',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a variant at a frequency; replaces the line of the same variant, or another dose of the same medicine',
        params: tokenParams,
        body: addCartItemSchema,
        response: { 201: cartSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await carts.addItems(request.params.token, [request.body], request.customerUid)),
  );

  app.post(
    '/carts/:token/multiple-items',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add several items at once: all of them, or none when any is refused',
        params: tokenParams,
        body: multipleItemsSchema,
        response: { 201: cartSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await carts.addItems(request.params.token, request.body.items, request.customerUid)),
  );

  app.delete(
    '/carts/:token/items/:itemId',
    { schema: { tags: ['cart'], summary: 'Remove one line', params: itemParams, response: { 200: cartSchema, ...errors } } },
    async (request) => carts.removeItem(request.params.token, request.params.itemId, request.customerUid),
  );

  app.delete(
    '/carts/:token',
    { schema: { tags: ['cart'], summary: 'Delete the cart', params: tokenParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await carts.remove(request.params.token, request.customerUid);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/carts/:token/coupon',
    {
      schema: {
        tags: ['cart'],
        summary: 'Apply a discount code (replacing any other)',
        params: tokenParams,
        body: applyCouponSchema,
        response: { 200: cartSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const verdict = await checkAll([
        [couponLimits.perAddress, request.ip],
        [couponLimits.perCart, request.params.token],
        [couponLimits.global, EVERYONE],
      ]);
      if (!verdict.allowed) throw new TooManyRequestsError('TOO_MANY_COUPON_ATTEMPTS', TOO_MANY_CODES_MESSAGE, verdict.retryAfterSeconds);
      return carts.applyCoupon(request.params.token, request.body.coupon, request.customerUid);
    },
  );

  app.delete(
    '/carts/:token/coupon',
    { schema: { tags: ['cart'], summary: 'Remove the discount code', params: tokenParams, response: { 200: cartSchema, ...errors } } },
    async (request) => carts.removeCoupon(request.params.token, request.customerUid),
  );

  app.put(
    '/checkout/:token/address',
    {
      schema: {
        tags: ['cart'],
        summary: 'The delivery address of the order, and a billing address when it differs (else billing is the delivery address)',
        params: tokenParams,
        body: checkoutAddressDoc,
        response: { 200: cartSchema, 401: apiErrorSchema, ...errors },
      },
    },
    async (request) => carts.setAddress(request.params.token, parseBody(checkoutAddressSchema, request.body), request.customerUid),
  );

  app.put(
    '/checkout/:token/medical_history_questionnaire',
    {
      schema: {
        tags: ['cart'],
        summary: "Link this browser's consultation (quiz_session cookie) of a questionnaire to the cart",
        params: tokenParams,
        body: linkConsultationSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => carts.linkConsultation(request.params.token, readQuizSession(request), request.body.questionnaireId, request.customerUid),
  );
};
