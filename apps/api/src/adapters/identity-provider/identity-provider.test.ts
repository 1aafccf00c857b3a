import { createServer, type Server } from 'node:http';
import { createRemoteJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PROVIDERS } from './live';
import { oidcProvider } from './oidc';
import { IdentityTokenError } from './port';
import { sandboxIdentityProviders } from './sandbox';

/** A stand-in for Google's key endpoint over real HTTP, serving a key set as Google publishes it. */
let server: Server;
let signingKey: CryptoKey;
let jwksUrl: URL;
beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  const body = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'google-key-1', alg: 'RS256', use: 'sig' }] });
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  jwksUrl = new URL(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/oauth2/v3/certs`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const CLIENT_ID = '1234-web.apps.googleusercontent.com';
const google = () =>
  oidcProvider({ issuer: [...LIVE_PROVIDERS.google.issuer], audience: CLIENT_ID, keys: createRemoteJWKSet(jwksUrl) });

function googleToken(overrides: { iss?: string; aud?: string; exp?: string; nonce?: string; key?: CryptoKey } = {}) {
  return new SignJWT({ email: 'Alex@Example.com', email_verified: true, given_name: 'Alex', family_name: 'Smith', nonce: overrides.nonce ?? 'n-1' })
    .setProtectedHeader({ alg: 'RS256', kid: 'google-key-1' })
    .setSubject('109876543210')
    .setIssuer(overrides.iss ?? 'https://accounts.google.com')
    .setAudience(overrides.aud ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? '5m')
    .sign(overrides.key ?? signingKey);
}

describe('ID-token verification against published keys', () => {
  it("accepts Google's token and reads who it names", async () => {
    expect(await google().verify(await googleToken(), 'n-1')).toEqual({
      subject: '109876543210',
      email: 'alex@example.com',
      emailVerified: true,
      firstName: 'Alex',
      lastName: 'Smith',
    });
  });

  it.each([
    ['another issuer', { iss: 'https://evil.example' }],
    ['another audience', { aud: 'someone-elses-app' }],
    ['an expired token', { exp: '-5m' }],
    ['another sign-in (nonce)', { nonce: 'n-2' }],
  ])('refuses %s', async (_name, overrides) => {
    await expect(google().verify(await googleToken(overrides), 'n-1')).rejects.toBeInstanceOf(IdentityTokenError);
  });

  it('refuses a token signed by any other key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expect(google().verify(await googleToken({ key: privateKey }), 'n-1')).rejects.toBeInstanceOf(IdentityTokenError);
  });
});

describe('the sandbox providers', () => {
  it('issue tokens that pass the same checks, and only for their own provider', async () => {
    const sandbox = await sandboxIdentityProviders();
    const token = await sandbox.issue('apple', { email: 'sam@example.com', nonce: 'n-9' });
    expect(await sandbox.providers.apple.verify(token, 'n-9')).toMatchObject({ email: 'sam@example.com', emailVerified: true });
    await expect(sandbox.providers.google.verify(token, 'n-9')).rejects.toBeInstanceOf(IdentityTokenError);
    await expect(sandbox.providers.apple.verify(token, 'other')).rejects.toBeInstanceOf(IdentityTokenError);
  });
});
