import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, referralSummarySchema } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { requireCustomer, type SignedInPatients } from '../../lib/signed-in';
import type { Referrals } from './service';

/** GET /shop-api/referrals/summary (SPEC §3 Referral summary) for the signed-in patient. */
export async function referralRoutes(app: FastifyInstance, { db, referrals, auth }: { db: Db; referrals: Referrals; auth: SignedInPatients }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/referrals/summary',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Friends whose first order was approved, the credit they earned the patient, and the most referrals earn in a year',
        response: { 200: referralSummarySchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const customer = await auth.customer(requireCustomer(request));
      return reply.header('cache-control', 'private, no-store').send(await referrals.summary(db, customer.id));
    },
  );
}
