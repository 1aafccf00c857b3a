import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { addressSchema, apiErrorSchema } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { carts } from '../../db/schema/cart';
import { notFound } from '../../lib/errors';
import { requireCustomer } from '../auth/authentication';

const tokenParams = z.object({ token: z.string().min(1).max(128) });
const body = z.object({ shippingAddress: addressSchema, billingAddress: addressSchema.optional() });

/**
 * PUT /shop-api/checkout/{token}/address: the Shipping step's address on the signed-in patient's cart (billing
 * falls back to shipping). Minimal: the checkout branch brings the full version with the cart's shippingAddress.
 */
export const checkoutAddressRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.put(
    '/checkout/:token/address',
    {
      schema: {
        tags: ['cart'],
        summary: 'Set the shipping (and billing) address of the signed-in patient’s cart',
        params: tokenParams,
        body,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const uid = requireCustomer(request);
      const { shippingAddress, billingAddress } = request.body;
      const updated = await db
        .update(carts)
        // An anonymous cart becomes the signed-in patient's, as at sign-in; another patient's cart is not found.
        .set({ shippingAddress, billingAddress: billingAddress ?? null, customerUid: uid, updatedAt: new Date() })
        .where(and(eq(carts.token, request.params.token), or(eq(carts.customerUid, uid), isNull(carts.customerUid)), isNull(carts.completedAt)))
        .returning({ id: carts.id });
      if (updated.length === 0) throw notFound('We could not find that cart. It may have expired; please start again.');
      return reply.status(204).send(null);
    },
  );
};
