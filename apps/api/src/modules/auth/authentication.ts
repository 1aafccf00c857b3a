import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { AccessTokens } from './access-token';
import { ACCESS_COOKIE } from './cookies';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer's public uid, or null for a visitor. */
    customerUid: string | null;
    /** The sign-in (refresh-token family) the access token belongs to, or null for a visitor. */
    sessionId: string | null;
  }
}

export const LOGIN_REQUIRED_MESSAGE = 'You need to log in to view this page';

/** Whether a sign-in is still live: not logged out, not ended by a password reset or a replayed refresh token. */
export type SessionIsLive = (session: string) => Promise<boolean>;

/**
 * Reads the access token from the `Authorization` cookie (browsers) or an `Authorization: Bearer` header
 * (other clients) on every request. A bad or expired token, or one whose sign-in has since ended, simply means a
 * visitor: checking the session (one indexed read) is what makes logout and a password reset end access at once.
 */
export function registerAuthentication(app: FastifyInstance, tokens: AccessTokens, sessionIsLive: SessionIsLive): void {
  app.decorateRequest('customerUid', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : request.cookies[ACCESS_COOKIE];
    if (!token) return;
    const claims = await tokens.verify(token);
    if (!claims || !(await sessionIsLive(claims.session))) return;
    request.customerUid = claims.uid;
    request.sessionId = claims.session;
  });
}

export function requireCustomer(request: FastifyRequest): string {
  if (!request.customerUid) throw new AppError(401, 'UNAUTHENTICATED', LOGIN_REQUIRED_MESSAGE);
  return request.customerUid;
}
