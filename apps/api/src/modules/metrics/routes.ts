import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PrebuiltReplies } from '../../lib/prebuilt-replies';
import type { ShopMetrics } from './registry';

/** A request no route took: a page the web app renders (200) or nothing at all (404). One label each, whatever the URL. */
function routeOf(request: FastifyRequest, reply: FastifyReply): string {
  return request.routeOptions.url ?? (reply.statusCode === 404 ? 'unmatched' : 'page');
}

/** Times every request Fastify answers, and every cached read answered before it (they would otherwise go unseen). */
export function registerRequestMetrics(app: FastifyInstance, metrics: ShopMetrics, prebuilt: PrebuiltReplies): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, routeOf(request, reply), reply.statusCode, reply.elapsedTime / 1000);
  });
  prebuilt.observeReplays((route, status, seconds) => metrics.observeRequest('GET', route, status, seconds));
}

/**
 * GET /metrics for Prometheus. A caller it does not allow gets the shop's own 'nothing here', exactly as for a path
 * that does not exist, so the answer reveals neither the route nor why it was refused.
 */
export async function metricsRoutes(app: FastifyInstance, { metrics, allowed }: { metrics: ShopMetrics; allowed: (request: FastifyRequest) => boolean }) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request)) return reply.callNotFound();
    const { contentType, text } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
}
