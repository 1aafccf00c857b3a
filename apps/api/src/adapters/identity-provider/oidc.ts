import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import { IdentityTokenError, type IdentityProvider, type VerifiedIdentity } from './port';

export interface OidcSettings {
  issuer: string | string[];
  audience: string;
  keys: JWTVerifyGetKey;
}

/** One OpenID Connect ID-token check, shared by Google, Apple and the sandbox. */
export function oidcProvider({ issuer, audience, keys }: OidcSettings): IdentityProvider {
  return {
    async verify(idToken, expectedNonce): Promise<VerifiedIdentity> {
      let claims: Record<string, unknown>;
      try {
        ({ payload: claims } = await jwtVerify(idToken, keys, { issuer, audience, algorithms: ['RS256', 'ES256'], clockTolerance: 30 }));
      } catch (error) {
        throw new IdentityTokenError(error instanceof Error ? error.message : 'The sign-in token is not valid');
      }
      if (!expectedNonce || claims.nonce !== expectedNonce) throw new IdentityTokenError('The sign-in token was not issued for this sign-in');
      if (typeof claims.sub !== 'string' || claims.sub === '') throw new IdentityTokenError('The sign-in token names nobody');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        // Apple sends the flag as a string.
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
        lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
      };
    },
  };
}
