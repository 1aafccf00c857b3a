import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashSecretToken, newSecretToken } from './secret-token';

/** The anonymous quiz session: a random token in the browser, only its SHA-256 in the database. */
export const QUIZ_SESSION_COOKIE = 'quiz_session';
/** How long a browser keeps its quiz session: a consultation left unfinished can be taken up again within it. */
export const QUIZ_SESSION_DAYS = 90;
const QUIZ_SESSION_SECONDS = QUIZ_SESSION_DAYS * 24 * 60 * 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The hash of this browser's quiz session, or null when it has none (or a cookie that is not one of ours). */
export function readQuizSession(request: FastifyRequest): string | null {
  const token = request.cookies[QUIZ_SESSION_COOKIE];
  return token !== undefined && TOKEN_PATTERN.test(token) ? hashSecretToken(token) : null;
}

/** Starts a session for this browser and returns its hash. */
export function startQuizSession(reply: FastifyReply, secure: boolean): string {
  const { token, hash } = newSecretToken();
  reply.setCookie(QUIZ_SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: QUIZ_SESSION_SECONDS });
  return hash;
}

/** Ends this browser's quiz session (at logout), so the next person at the device starts their own consultation. */
export function endQuizSession(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(QUIZ_SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
