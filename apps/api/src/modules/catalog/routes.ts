import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, channelSchema, DEFAULT_CHANNEL, productSchema } from '@elmwood/domain';
import { notFound } from '../../lib/errors';
import { sendSerialisedJson } from '../../lib/serialised-json';
import type { PrebuiltReplies } from '../../lib/prebuilt-replies';
import type { CachedReply } from '../../lib/reply-cache';
import { DEFAULT_BY_CODE_LIMIT, type CatalogService } from './service';

const channelQuery = channelSchema
  .default(DEFAULT_CHANNEL)
  .describe('Sales channel; WEB_WL_UK when left out');

const slugSchema = z.string().min(1).max(120).regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes');

const codesSchema = z
  .string()
  .min(1)
  .max(2000)
  .transform((value) => value.split(',').map((code) => code.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(120)).min(1, 'name at least one product code'));

/** Catalogue reads are public and change rarely: browsers and CDNs may keep them briefly. */
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedReply, prebuilt: PrebuiltReplies) {
  prebuilt.mark(reply, cached, cached.json.worthCompressing);
  return sendSerialisedJson(request, reply.header('cache-control', CACHE_CONTROL), cached.json, { etag: cached.etag });
}

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; prebuilt: PrebuiltReplies }> = async (app, { catalog, prebuilt }) => {
  app.get(
    '/products/by-slug/:slug',
    {
      onSend: prebuilt.record,
      schema: {
        tags: ['catalog'],
        summary: 'One product by its slug',
        params: z.object({ slug: slugSchema }),
        querystring: z.object({ channel: channelQuery }),
        response: { 200: productSchema, 304: z.null(), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const cached = await catalog.productBySlug(request.params.slug, request.query.channel);
      if (!cached) throw notFound(`No product called '${request.params.slug}' in this shop.`);
      return sendCached(request, reply, cached, prebuilt);
    },
  );

  app.get(
    '/products/by-code',
    {
      onSend: prebuilt.record,
      schema: {
        tags: ['catalog'],
        summary: 'Products by their codes, in the order asked',
        querystring: z.object({
          codes: codesSchema.describe('Comma-separated product codes'),
          channel: channelQuery,
          limit: z.coerce.number().int().min(1).max(50).default(DEFAULT_BY_CODE_LIMIT),
        }),
        response: { 200: z.array(productSchema), 304: z.null(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { codes, channel, limit } = request.query;
      return sendCached(request, reply, await catalog.productsByCodes(codes, channel, limit), prebuilt);
    },
  );
};
