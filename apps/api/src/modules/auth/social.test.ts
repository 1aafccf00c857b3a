import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/index';
import { createTestContext, PRODUCTION_ENV, type TestContext } from '../../../test/support/app';
import { signedUpReply } from '../../../test/support/patients';
import { bucketFor, RECURRING_DISCOUNT_EXPERIMENT, visitorBuckets } from '@elmwood/domain';
import { SANDBOX_SIGN_IN_REFUSED } from './social';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** One browser's sign-in: ask for a nonce, have the sandbox provider vouch for an email, send the token back. */
async function signInWith(provider: 'google' | 'apple', email: string, body: Record<string, unknown> = {}, tokenNonce?: string) {
  const nonceRes = await ctx.app.inject('/shop-api/social-login/nonce');
  const { nonce, mode } = nonceRes.json();
  expect(mode).toBe('sandbox');
  const nonceCookie = nonceRes.cookies.find((c) => c.name === 'SocialNonce')!;
  expect(nonceCookie).toMatchObject({ httpOnly: true, path: '/shop-api/social-login' });
  const { idToken } = (
    await ctx.app.inject({
      method: 'POST',
      url: `/shop-api/social-login/sandbox/${provider}/id-token`,
      payload: { email, firstName: 'Jo', lastName: 'Bloggs', nonce: tokenNonce ?? nonce },
    })
  ).json();
  return ctx.app.inject({
    method: 'POST',
    url: `/shop-api/social-login/${provider}`,
    headers: { cookie: `SocialNonce=${nonceCookie.value}` },
    payload: { idToken, ...body },
  });
}

describe('sign in with Google or Apple (sandbox provider)', () => {
  it('opens an account once the terms are ticked, then signs the same person straight in', async () => {
    const refused = await signInWith('google', 'jo@example.com');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.issues).toEqual([{ field: 'body.agreeTermsAndPrivacy', message: 'Required' }]);

    const opened = await signInWith('google', 'jo@example.com', { agreeTermsAndPrivacy: true });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ email: 'jo@example.com', firstName: 'Jo', birthday: null, phoneNumber: null });
    expect(opened.cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['Authorization', 'Refresh']));

    const again = await signInWith('google', 'jo@example.com');
    expect(again.json().uid).toBe(opened.json().uid);
  });

  it('credits the referrer of a referral link when it opens a new account, and ignores a made-up one', async () => {
    const referrer = (await signInWith('google', 'referrer@example.com', { agreeTermsAndPrivacy: true })).json().uid;
    const invited = await signInWith('apple', 'friend@example.com', { agreeTermsAndPrivacy: true, invitedBy: referrer });
    expect(invited.statusCode).toBe(200);
    const stranger = await signInWith('google', 'stranger@example.com', { agreeTermsAndPrivacy: true, invitedBy: 'not-a-customer' });
    expect(stranger.statusCode).toBe(200);
    const invitedByOf = async (email: string) => (await ctx.database.db.select().from(customers).where(eq(customers.email, email)))[0]!.invitedBy;
    expect(await invitedByOf('friend@example.com')).toBe(referrer);
    expect(await invitedByOf('stranger@example.com')).toBeNull();
  });

  it('keeps the visitor’s experiment buckets on the account it opens, whatever its uid would give', async () => {
    const ids = Array.from({ length: 40 }, (_, index) => `visitor-${index}`);
    for (let attempt = 0; ; attempt += 1) {
      expect(attempt).toBeLessThan(20);
      const probe = await signInWith('google', `bucket-${attempt}@example.com`, { agreeTermsAndPrivacy: true, visitorId: ids[0] });
      const stored = await ctx.app.inject({ url: '/shop-api/me/experiments', cookies: Object.fromEntries(probe.cookies.map((c) => [c.name, c.value])) });
      expect(stored.json()).toEqual(visitorBuckets(ids[0]!));
      // Only an account whose uid alone would give another bucket proves the carrying over.
      if (bucketFor(RECURRING_DISCOUNT_EXPERIMENT, probe.json().uid) !== bucketFor(RECURRING_DISCOUNT_EXPERIMENT, ids[0]!)) break;
    }
  });

  it('never signs in to an account that has a password: the sandbox vouches for any email typed into it', async () => {
    await signedUpReply(ctx.app, { firstName: 'Kim', lastName: 'Ng', email: 'kim@example.com', plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1980-01-01', agreeTermsAndPrivacy: true });
    const apple = await signInWith('apple', 'KIM@example.com', { agreeTermsAndPrivacy: true });
    expect(apple.statusCode).toBe(403);
    expect(apple.json()).toEqual({ code: 'SANDBOX_SIGN_IN_REFUSED', message: SANDBOX_SIGN_IN_REFUSED });
    expect(apple.cookies.map((c) => c.name)).not.toContain('Authorization');
  });

  it('still signs in to a password-less account that a social sign-in opened, with either provider', async () => {
    const opened = await signInWith('google', 'sam@example.com', { agreeTermsAndPrivacy: true });
    const apple = await signInWith('apple', 'sam@example.com');
    expect(apple.statusCode).toBe(200);
    expect(apple.json().uid).toBe(opened.json().uid);
  });

  it('refuses a token minted for another sign-in (nonce mismatch)', async () => {
    const res = await signInWith('google', 'mallory@example.com', { agreeTermsAndPrivacy: true }, 'someone-elses-nonce');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SOCIAL_SIGN_IN_FAILED');
  });

  it('has no sandbox token endpoint in production', async () => {
    const production = await createTestContext(PRODUCTION_ENV);
    try {
      const res = await production.app.inject({ method: 'POST', url: '/shop-api/social-login/sandbox/google/id-token', payload: { email: 'a@b.co', nonce: 'n' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
