export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** What a provider vouches for once its ID token has been verified. */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export class IdentityTokenError extends Error {}

export interface IdentityProvider {
  /** Checks signature (against the provider's published keys), issuer, audience, expiry and nonce. */
  verify(idToken: string, expectedNonce: string): Promise<VerifiedIdentity>;
}
