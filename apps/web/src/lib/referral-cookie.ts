import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from '@elmwood/domain';
import { readCookie, writeCookie } from './cookies';

/** Keeps the referrer's uid in a first-party cookie for 30 days; the signup form sends it as invitedBy. */
export function rememberReferrer(uid: string): void {
  writeCookie(REFERRAL_COOKIE, uid, { path: '/', maxAgeSeconds: REFERRAL_COOKIE_DAYS * 24 * 60 * 60 });
}

/** The referrer's uid the cookie holds, or null. */
export function rememberedReferrer(): string | null {
  return readCookie(REFERRAL_COOKIE);
}
