import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, emailSchema } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { addStockNotification, productExists } from './repo';

const PRODUCT_CODE = /^[A-Z0-9][A-Z0-9_-]{0,119}$/;
const signUpSchema = z.object({
  email: emailSchema.transform((email) => email.toLowerCase()),
  product: z.string().min(1).max(120).describe('Product code, e.g. OZEMPIC'),
});
const signUpReplySchema = z.object({ email: z.string(), product: z.string() });

/**
 * Out-of-stock sign-ups (SPEC §7 POST stock_notifications): one row per address and product, however often asked, and
 * the same answer either way, so nobody learns from it that an address has asked about a medicine.
 */
export const stockRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {

  app.post(
    '/stock_notifications',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Ask to be emailed when a product is back in stock; 201 with the same body whether or not the address had already asked (that an address waits for a medicine is health information)',
        body: signUpSchema,
        response: { 201: signUpReplySchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { email, product } = request.body;
      if (!PRODUCT_CODE.test(product) || !(await productExists(db, product))) {
        throw notFound(`There is no product with the code '${product}'.`);
      }
      await addStockNotification(db, email, product);
      return reply.status(201).send({ email, product });
    },
  );
};
