import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedUpReply as signedUp, signupBody } from '../../../test/support/patients';

const limitMessage = (minutes: string) =>
  `We cannot open another account from here just now. Please try again in ${minutes}. If you already have an account, log in, or continue with Google or Apple.`;

/** One browser: it keeps the Device cookie the API gives it, as a browser would. */
function browser(ctx: TestContext, remoteAddress: string) {
  let device: string | undefined;
  const keep = (reply: LightMyRequestResponse) => {
    device ??= reply.cookies.find((cookie) => cookie.name === 'Device')?.value;
    return reply;
  };
  const cookies = (): Record<string, string> => (device ? { Device: device } : {});
  return {
    get device() {
      return device;
    },
    register: async (overrides: Record<string, unknown> = {}) =>
      keep(await ctx.app.inject({ method: 'POST', url: '/shop-api/register', remoteAddress, cookies: cookies(), payload: signupBody(overrides) })),
    /** Google or Apple through the sandbox provider, which vouches for the email given. */
    async social(email: string) {
      const nonceReply = await ctx.app.inject({ url: '/shop-api/social-login/nonce', remoteAddress });
      const { nonce } = nonceReply.json();
      const nonceCookie = nonceReply.cookies.find((cookie) => cookie.name === 'SocialNonce')!.value;
      const { idToken } = (
        await ctx.app.inject({ method: 'POST', url: '/shop-api/social-login/sandbox/google/id-token', remoteAddress, payload: { email, firstName: 'Jo', nonce } })
      ).json();
      return keep(
        await ctx.app.inject({
          method: 'POST',
          url: '/shop-api/social-login/google',
          remoteAddress,
          cookies: { ...cookies(), SocialNonce: nonceCookie },
          payload: { idToken, agreeTermsAndPrivacy: true },
        }),
      );
    },
  };
}

const statuses = async (attempts: Array<() => Promise<LightMyRequestResponse>>) => {
  const codes: number[] = [];
  for (const attempt of attempts) codes.push((await attempt()).statusCode);
  return codes;
};

function expectRefusedWithWait(refused: LightMyRequestResponse) {
  expect(refused.statusCode).toBe(429);
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  const minutes = Math.ceil(retryAfter / 60);
  const wait = minutes === 60 ? '1 hour' : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  expect(refused.json()).toEqual({ code: 'TOO_MANY_SIGNUPS', message: limitMessage(wait) });
  expect(refused.cookies.map((cookie) => cookie.name)).not.toContain('Authorization');
}

describe('opening accounts from a shared network address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ REGISTER_RATE_LIMIT_PER_DEVICE: '2', REGISTER_RATE_LIMIT_PER_ADDRESS: '5', REGISTER_RATE_LIMIT_GLOBAL: '1000' });
  });
  afterAll(() => ctx.close());

  it('limits each device, so one device does not block the others behind the same address, up to the address’s higher ceiling', async () => {
    const mobileNetwork = '198.51.100.40';
    const first = browser(ctx, mobileNetwork);
    expect(await statuses([() => first.register(), () => first.register()])).toEqual([202, 202]);
    expect(first.device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expectRefusedWithWait(await first.register());

    // Another phone on the same mobile network is not held up by the first one's refusals.
    const second = browser(ctx, mobileNetwork);
    expect(await statuses([() => second.register(), () => second.register()])).toEqual([202, 202]);
    const third = browser(ctx, mobileNetwork);
    expect((await third.register()).statusCode).toBe(202);

    // Fresh device ids (cookies thrown away) still meet the address's own ceiling.
    const fourth = browser(ctx, mobileNetwork);
    expectRefusedWithWait(await fourth.register());
    expect((await browser(ctx, '198.51.100.41').register()).statusCode).toBe(202);
  });

  it('counts a sign-up with a taken email as one with a new email, and refuses both alike past the limit', async () => {
    const taken = signupBody().email;
    await signedUp(ctx.app, { ...signupBody(), email: taken }, { remoteAddress: '198.51.100.45' });
    const phone = browser(ctx, '198.51.100.44');
    expect(await statuses([() => phone.register({ email: taken }), () => phone.register()])).toEqual([202, 202]);
    const [refusedTaken, refusedNew] = [await phone.register({ email: taken }), await phone.register()];
    expectRefusedWithWait(refusedTaken);
    expectRefusedWithWait(refusedNew);
    expect(refusedTaken.body).toBe(refusedNew.body);
  });

  it('the Device cookie is a first-party random id, sent only to the API', async () => {
    const reply = await ctx.app.inject({ method: 'POST', url: '/shop-api/register', remoteAddress: '198.51.100.42', payload: signupBody() });
    expect(reply.cookies.find((cookie) => cookie.name === 'Device')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/shop-api' });
    const made = await ctx.app.inject({ method: 'POST', url: '/shop-api/register', remoteAddress: '198.51.100.42', cookies: { Device: 'chosen-by-hand' }, payload: signupBody() });
    expect(made.cookies.find((cookie) => cookie.name === 'Device')?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('counts Google and Apple sign-ups that open an account against the same limits, but not a sign-in to an existing one', async () => {
    const phone = browser(ctx, '198.51.100.50');
    expect((await phone.social('social-1@example.com')).statusCode).toBe(200);
    expect((await phone.social('social-2@example.com')).statusCode).toBe(200);
    expectRefusedWithWait(await phone.social('social-3@example.com'));
    expectRefusedWithWait(await phone.register());

    const existing = await phone.social('social-1@example.com');
    expect(existing.statusCode).toBe(200);
    expect(existing.json().email).toBe('social-1@example.com');
  });

  it('does not count a signup refused for a bad field', async () => {
    const phone = browser(ctx, '198.51.100.43');
    expect(await statuses([() => phone.register({ email: 'not-an-email' }), () => phone.register({ email: 'not-an-email' })])).toEqual([400, 400]);
    expect(await statuses([() => phone.register(), () => phone.register()])).toEqual([202, 202]);
  });
});

describe('opening accounts across the shop', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ REGISTER_RATE_LIMIT_PER_ADDRESS: '100', REGISTER_RATE_LIMIT_GLOBAL: '3' });
  });
  afterAll(() => ctx.close());

  it('stops at the shop-wide ceiling whatever the address and device, so fresh accounts cannot be made in bulk', async () => {
    const addresses = ['198.51.100.60', '198.51.100.61', '198.51.100.62'];
    expect(await statuses(addresses.map((address) => () => browser(ctx, address).register()))).toEqual([202, 202, 202]);
    expectRefusedWithWait(await browser(ctx, '198.51.100.63').register());
  });
});
