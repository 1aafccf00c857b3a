import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, reviewsSourceSchema, reviewSummarySchema } from '@elmwood/domain';
import { ReviewsPlatformError, type ReviewsPlatform } from '../../adapters/reviews/port';
import { AppError } from '../../lib/errors';
import { ReplyCache } from '../../lib/reply-cache';
import { sendSerialisedJson } from '../../lib/serialised-json';

const MAX_SKUS = 20;
/** Review figures move slowly, and the platform rate-limits: each process asks at most every ten minutes. */
const CACHE_MS = 10 * 60 * 1000;
const CACHE_CONTROL = 'public, max-age=600';

const skusQuery = z
  .string()
  .min(1)
  .max(2000)
  .transform((value) => [...new Set(value.split(',').map((sku) => sku.trim()).filter(Boolean))].sort())
  .pipe(
    z
      .array(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/, 'must be product codes'))
      .min(1, 'name at least one product code')
      .max(MAX_SKUS, `name at most ${MAX_SKUS} product codes`),
  );

/** Review summaries from the reviews platform, by product SKU; the platform's key never reaches the browser. */
export const reviewRoutes: FastifyPluginAsyncZod<{ platform: ReviewsPlatform }> = async (app, { platform }) => {
  const cache = new ReplyCache(CACHE_MS);

  app.get(
    '/reviews/summaries',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Review count and average stars per product SKU; SKUs without reviews are left out',
        querystring: z.object({ skus: skusQuery.describe('Comma-separated product codes') }),
        response: { 200: z.record(z.string(), reviewSummarySchema), 400: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { skus } = request.query;
      try {
        const cached = await cache.get(skus.join(','), () => platform.summaries(skus));
        return sendSerialisedJson(request, reply.header('cache-control', CACHE_CONTROL), cached!.json, { etag: cached!.etag });
      } catch (error) {
        if (error instanceof ReviewsPlatformError) {
          request.log.warn({ reason: error.message }, 'reviews platform unavailable');
          throw new AppError(503, 'REVIEWS_UNAVAILABLE', 'Reviews cannot be shown just now.');
        }
        throw error;
      }
    },
  );

  app.get(
    '/reviews/source',
    {
      schema: {
        tags: ['catalog'],
        summary: "Where the review figures come from ('trustpilot', 'sandbox': illustrative, 'off': none), so pages can say so",
        response: { 200: reviewsSourceSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', CACHE_CONTROL).send({ platform: platform.name }),
  );
};
