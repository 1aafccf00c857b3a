import { REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from '@elmwood/domain';

/** Keeps the referrer's uid in a first-party cookie for 30 days; the signup form sends it as invitedBy. */
export function rememberReferrer(uid: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${REFERRAL_COOKIE}=${encodeURIComponent(uid)}; Max-Age=${REFERRAL_COOKIE_DAYS * 24 * 60 * 60}; Path=/; SameSite=Lax${secure}`;
}

/** The referrer's uid the cookie holds, or null. */
export function rememberedReferrer(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REFERRAL_COOKIE) {
      try {
        return decodeURIComponent(value.join('=')) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}
