import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { PrebuiltReplies } from '../../lib/prebuilt-replies';
import { metricsAccess, type MetricsAccessConfig } from './access';
import { createShopMetrics } from './registry';
import { metricsRoutes, registerRequestMetrics } from './routes';

export { metricsAccess } from './access';
export { createShopMetrics, type ShopMetrics } from './registry';

export interface MetricsDeps {
  access: MetricsAccessConfig;
  database: Pick<Database, 'db' | 'executeSql' | 'poolUse'>;
  now: () => Date;
  prebuilt: PrebuiltReplies;
}

/**
 * Request timing and GET /metrics, only where someone may read them (METRICS_ALLOWED_ADDRESSES or METRICS_TOKEN):
 * unconfigured, the shop times nothing and /metrics is a path like any other that does not exist.
 * Register before the routes, so that every route is timed.
 */
export async function registerMetrics(app: FastifyInstance, { access, database, now, prebuilt }: MetricsDeps): Promise<void> {
  const allowed = metricsAccess(access);
  if (!allowed) return;
  const metrics = createShopMetrics({ database, now });
  registerRequestMetrics(app, metrics, prebuilt);
  await app.register(metricsRoutes, { metrics, allowed });
}
