import { createHmac, timingSafeEqual } from 'node:crypto';
import { GP_LINK_DAYS } from '@elmwood/domain';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (secret: string, letterId: string, expires: number) => createHmac('sha256', secret).update(`gp-letter:${letterId}:${expires}`).digest('base64url');

/** The GP's link: the letter (one patient) and when it stops working, signed with the shop's key. */
export function gpLinkToken(secret: string, letterId: string, issuedAt: Date): string {
  const expires = Math.floor((issuedAt.getTime() + GP_LINK_DAYS * DAY_MS) / 1000);
  return `${letterId}.${expires}.${signature(secret, letterId, expires)}`;
}

export type GpLinkCheck = { ok: true; letterId: string } | { ok: false; reason: 'invalid' | 'expired' };

/** A link whose signature does not match is invalid (tampered or made up); a genuine one past its time has expired. */
export function checkGpLinkToken(secret: string, token: string, now: Date): GpLinkCheck {
  const [letterId, expiresText, given, ...rest] = token.split('.');
  if (rest.length > 0 || !letterId || !UUID.test(letterId) || !expiresText || !/^\d{1,12}$/.test(expiresText) || !given) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signature(secret, letterId, Number(expiresText)));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'invalid' };
  if (Number(expiresText) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, letterId };
}
