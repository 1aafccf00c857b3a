import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site, on top of SameSite cookies: the browser says so
 * in Sec-Fetch-Site, and older browsers through an Origin that is not this host.
 */
export function registerCrossSiteProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const foreignOrigin = origin !== undefined && origin !== 'null' && hostOf(origin) !== request.host;
    // Our pages send no referrer, so the browser names a form they post as from Origin 'null'; its Sec-Fetch-Site
    // still says same-origin, which no other site can make it say.
    const opaqueOrigin = origin === 'null' && fetchSite !== 'same-origin';
    if (fetchSite === 'cross-site' || foreignOrigin || opaqueOrigin) {
      throw new AppError(403, 'CROSS_SITE_REQUEST', 'This request came from another website and was refused.');
    }
  });
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
