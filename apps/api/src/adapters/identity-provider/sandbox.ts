import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { oidcProvider } from './oidc';
import type { IdentityProvider, SocialProvider } from './port';

const SANDBOX_AUDIENCE = 'elmwood-sandbox';
const sandboxIssuer = (provider: SocialProvider) => `https://sandbox.elmwood.invalid/${provider}`;

export interface SandboxIdentity {
  email: string;
  firstName?: string;
  lastName?: string;
  nonce: string;
}

/**
 * Stands in for Google and Apple: it signs ID tokens with a key of its own (made at start) and verifies
 * them through the same OpenID Connect checks the live providers get.
 */
export async function sandboxIdentityProviders() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'sandbox-1', alg: 'RS256', use: 'sig' };
  const keys = createLocalJWKSet({ keys: [jwk] });
  const providers: Record<SocialProvider, IdentityProvider> = {
    google: oidcProvider({ issuer: sandboxIssuer('google'), audience: SANDBOX_AUDIENCE, keys }),
    apple: oidcProvider({ issuer: sandboxIssuer('apple'), audience: SANDBOX_AUDIENCE, keys }),
  };
  return {
    providers,
    /** What the provider's sign-in page would hand back to the browser. */
    issue: (provider: SocialProvider, identity: SandboxIdentity) => signSandboxToken(privateKey, provider, identity),
  };
}

async function signSandboxToken(key: CryptoKey, provider: SocialProvider, identity: SandboxIdentity): Promise<string> {
  return new SignJWT({
    email: identity.email,
    email_verified: true,
    nonce: identity.nonce,
    ...(identity.firstName ? { given_name: identity.firstName } : {}),
    ...(identity.lastName ? { family_name: identity.lastName } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'sandbox-1' })
    .setSubject(`sandbox-${provider}-${identity.email.toLowerCase()}`)
    .setIssuer(sandboxIssuer(provider))
    .setAudience(SANDBOX_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);
}
