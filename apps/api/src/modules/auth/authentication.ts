import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { AccessTokens } from './access-token';
import { ACCESS_COOKIE } from './cookies';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer's public uid, or null for a visitor. */
    customerUid: string | null;
  }
}

export const LOGIN_REQUIRED_MESSAGE = 'You need to log in to view this page';

/**
 * Reads the access token from the `Authorization` cookie (browsers) or an `Authorization: Bearer` header
 * (other clients) on every request. A bad or expired token simply means a visitor.
 */
export function registerAuthentication(app: FastifyInstance, tokens: AccessTokens): void {
  app.decorateRequest('customerUid', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : request.cookies[ACCESS_COOKIE];
    if (token) request.customerUid = await tokens.verify(token);
  });
}

export function requireCustomer(request: FastifyRequest): string {
  if (!request.customerUid) throw new AppError(401, 'UNAUTHENTICATED', LOGIN_REQUIRED_MESSAGE);
  return request.customerUid;
}
