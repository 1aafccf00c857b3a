import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashSecretToken, newSecretToken } from '../../lib/secret-token';

/** The anonymous quiz session: a random token in the browser, only its SHA-256 in the database. */
export const QUIZ_SESSION_COOKIE = 'quiz_session';
const NINETY_DAYS_SECONDS = 90 * 24 * 60 * 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The hash of this browser's quiz session, or null when it has none (or a cookie that is not one of ours). */
export function readQuizSession(request: FastifyRequest): string | null {
  const token = request.cookies[QUIZ_SESSION_COOKIE];
  return token !== undefined && TOKEN_PATTERN.test(token) ? hashSecretToken(token) : null;
}

/** Starts a session for this browser and returns its hash. */
export function startQuizSession(reply: FastifyReply, secure: boolean): string {
  const { token, hash } = newSecretToken();
  reply.setCookie(QUIZ_SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: NINETY_DAYS_SECONDS });
  return hash;
}
