import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. Our policy has no per-request part (no nonces), so
 * every reply carries the same headers; @fastify/helmet rebuilt the whole policy on every request, which was the
 * largest share of a cached catalogue read's own CPU time (see the note on issue 21).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers of a reply that is never a page (JSON, a PDF, a CSV), as OWASP's REST guidance has them: nothing may
 * load from it, frame it or sniff it as something else. The page policy (about 1 KB: scripts, frames, providers)
 * means nothing on such a reply, and every API reply would carry it.
 */
export function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const kept = ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy'];
  return {
    ...Object.fromEntries(kept.filter((name) => page[name] !== undefined).map((name) => [name, page[name]!])),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
}

/**
 * Sends helmet's headers on every reply as one prepared set: the page set, or under `apiPrefix` the API set. A page
 * served under the API prefix (the unsubscribe page) sets its own policy.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions, apiPrefix = '/shop-api/'): void {
  const page = securityHeaders(options);
  const api = apiSecurityHeaders(page);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(apiPrefix) ? api : page);
    done();
  });
}
