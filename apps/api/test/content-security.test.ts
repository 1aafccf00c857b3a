import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/app';

/** The CSP header as directive → sources. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("the CSP allows exactly the configured providers' script hosts", () => {
  let sandbox: TestContext;
  let live: TestContext;
  beforeAll(async () => {
    sandbox = await createTestContext();
    live = await createTestContext({
      PAYMENT_GATEWAY: 'checkout-com',
      CHECKOUT_COM_SECRET_KEY: 'sk_sbox_x',
      CHECKOUT_COM_PUBLIC_KEY: 'pk_sbox_x',
      CHECKOUT_COM_BASE_URL: 'https://api.sandbox.checkout.com',
      SOCIAL_SIGN_IN: 'live',
      GOOGLE_CLIENT_ID: 'google-client.apps.googleusercontent.com',
      APPLE_CLIENT_ID: 'health.elmwood.web',
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await live?.close();
  });

  it('by default (sandbox gateway with both wallets, sandbox sign-in): Google Pay and the Apple Pay SDK, no sign-in scripts', async () => {
    const page = await sandbox.app.inject({ method: 'GET', url: '/' });
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://pay.google.com', 'https://applepay.cdn-apple.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://pay.google.com']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://pay.google.com']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect((await sandbox.app.inject({ method: 'GET', url: '/shop-api/social-login/config' })).json()).toEqual({ mode: 'sandbox', google: null, apple: null });
  });

  it('with live sign-in and a gateway without wallets: Google Identity Services and Sign in with Apple only, and their client ids for the browser', async () => {
    const page = await live.app.inject({ method: 'GET', url: '/login' });
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client', 'https://appleid.cdn-apple.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.sandbox.checkout.com', 'https://accounts.google.com/gsi/']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://*.checkout.com', 'https://*.ckotech.co', 'https://accounts.google.com/gsi/']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style']);
    expect((await live.app.inject({ method: 'GET', url: '/shop-api/social-login/config' })).json()).toEqual({
      mode: 'live',
      google: { clientId: 'google-client.apps.googleusercontent.com' },
      apple: { clientId: 'health.elmwood.web' },
    });
    // The nonce the browser hands to Google or Apple, kept in an httpOnly cookie for the server's check.
    const nonce = await live.app.inject({ method: 'GET', url: '/shop-api/social-login/nonce' });
    expect(nonce.json()).toMatchObject({ mode: 'live', nonce: expect.any(String) });
  });
});
