import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Jobs } from '../../lib/queue';

const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  queue: z.enum(['ok', 'stopped', 'unavailable']),
});

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; jobs: Pick<Jobs, 'health'> }> = async (app, { database, jobs }) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: z.object({ status: z.string() }) } } }, async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const [databaseState, queue] = await Promise.all([
        database.ping().then(
          () => 'ok' as const,
          () => 'unavailable' as const,
        ),
        jobs.health(),
      ]);
      const ready = databaseState === 'ok' && queue === 'ok';
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database: databaseState, queue });
    },
  );
};
