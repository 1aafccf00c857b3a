import type { FastifyReply } from 'fastify';

/** Cookie names fixed by SPEC §6: the session is restored from these. */
export const ACCESS_COOKIE = 'Authorization';
export const REFRESH_COOKIE = 'Refresh';
/** The refresh token only travels to the calls that use it. */
const REFRESH_PATH = '/shop-api';

export interface SessionTokens {
  access: string;
  accessSeconds: number;
  refresh: string;
  refreshSeconds: number;
}

export function setSessionCookies(reply: FastifyReply, tokens: SessionTokens, secure: boolean): void {
  const base = { httpOnly: true, sameSite: 'lax', secure } as const;
  reply.setCookie(ACCESS_COOKIE, tokens.access, { ...base, path: '/', maxAge: tokens.accessSeconds });
  reply.setCookie(REFRESH_COOKIE, tokens.refresh, { ...base, path: REFRESH_PATH, maxAge: tokens.refreshSeconds });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  const base = { httpOnly: true, sameSite: 'lax', secure } as const;
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_PATH });
}
