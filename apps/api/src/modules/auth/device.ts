import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A first-party random id for this browser, used only to count the accounts it opens: many patients share one
 * network address on a mobile network, so new accounts are limited per device as well as (more loosely) per
 * address. It names nobody and is never linked to an account; the limiter stores only its HMAC.
 */
export const DEVICE_COOKIE = 'Device';
const DEVICE_PATH = '/shop-api';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** This browser's device id, given one (in the reply's cookies) when it has none or a cookie that is not ours. */
export function deviceIdOf(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const sent = request.cookies[DEVICE_COOKIE];
  if (sent !== undefined && DEVICE_ID_PATTERN.test(sent)) return sent;
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, { httpOnly: true, sameSite: 'lax', secure, path: DEVICE_PATH, maxAge: YEAR_SECONDS });
  return id;
}
