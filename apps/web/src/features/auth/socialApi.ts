import type { User } from '@elmwood/domain';
import { apiGet, apiRequest } from '../../lib/api';
import { anonymousId } from '../../lib/experiments';
import { rememberedReferrer } from '../../lib/referral-cookie';

export type SocialProvider = 'google' | 'apple';
export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

/** GET /shop-api/social-login/config: the sandbox stand-in, or Google's and Apple's own scripts with these client ids. */
export interface SocialConfig {
  mode: 'sandbox' | 'live';
  google: { clientId: string } | null;
  apple: { clientId: string } | null;
}

export const socialKeys = { config: ['auth', 'social-config'] as const, nonce: ['auth', 'social-nonce'] as const };

/** A fresh nonce (also set as an httpOnly cookie): the provider puts it in the ID token, the server checks both. */
export const fetchNonce = (signal?: AbortSignal) => apiGet<{ nonce: string; mode: 'sandbox' | 'live' }>('/shop-api/social-login/nonce', undefined, signal);

/** Sends the provider's ID token to the server's check, which signs the patient in (or opens their account). */
export function sendIdToken(provider: SocialProvider, idToken: string, { agree, cartToken }: { agree: boolean; cartToken: string | null }): Promise<User> {
  const invitedBy = rememberedReferrer();
  return apiRequest<User>(`/shop-api/social-login/${provider}`, {
    method: 'POST',
    body: { idToken, agreeTermsAndPrivacy: agree, visitorId: anonymousId(), ...(cartToken ? { cartToken } : {}), ...(invitedBy ? { invitedBy } : {}) },
  });
}

/** The server's refusal of a new account without the terms, in the patient's words. */
export function socialErrorText(message: string): string {
  return message === 'body.agreeTermsAndPrivacy: Required' ? 'Please agree to the terms to open your account.' : message;
}
