import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { whoPrescribesSchema, type WhoPrescribes } from '@elmwood/domain';

/** GET /shop-api/who-prescribes: the public page's facts, from configuration (the same for every visitor). */
export async function whoPrescribesRoutes(app: FastifyInstance, { page }: { page: WhoPrescribes }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/who-prescribes',
    { schema: { tags: ['catalog'], summary: 'Who prescribes: each prescriber with their registration, the prescribing service and the pharmacy', response: { 200: whoPrescribesSchema } } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(page),
  );
}
