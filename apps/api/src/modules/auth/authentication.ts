import type { FastifyInstance } from 'fastify';
import '../../lib/signed-in';
import type { AccessTokens } from './access-token';
import { ACCESS_COOKIE } from './cookies';

export { LOGIN_REQUIRED_MESSAGE, requireCustomer } from '../../lib/signed-in';

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
