import { createRemoteJWKSet } from 'jose';
import { oidcProvider } from './oidc';
import type { IdentityProvider, SocialProvider } from './port';

/** Google's and Apple's published signing keys and issuers (their OpenID Connect discovery documents). */
export const LIVE_PROVIDERS = {
  google: { jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs', issuer: ['https://accounts.google.com', 'accounts.google.com'] },
  apple: { jwksUrl: 'https://appleid.apple.com/auth/keys', issuer: 'https://appleid.apple.com' },
} as const;

export function liveProviders(clientIds: Record<SocialProvider, string>): Record<SocialProvider, IdentityProvider> {
  return {
    google: oidcProvider({
      issuer: [...LIVE_PROVIDERS.google.issuer],
      audience: clientIds.google,
      keys: createRemoteJWKSet(new URL(LIVE_PROVIDERS.google.jwksUrl)),
    }),
    apple: oidcProvider({
      issuer: LIVE_PROVIDERS.apple.issuer,
      audience: clientIds.apple,
      keys: createRemoteJWKSet(new URL(LIVE_PROVIDERS.apple.jwksUrl)),
    }),
  };
}
