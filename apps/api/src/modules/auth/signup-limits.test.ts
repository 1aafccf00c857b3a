import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signupBody } from '../../../test/support/patients';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ REGISTER_RATE_LIMIT_PER_ADDRESS: '2', REGISTER_RATE_LIMIT_GLOBAL: '3' });
});
afterAll(() => ctx.close());

const register = (remoteAddress: string) => ctx.app.inject({ method: 'POST', url: '/shop-api/register', remoteAddress, payload: signupBody() });

describe('opening accounts', () => {
  it('is limited per network address and across the shop, so fresh accounts cannot be made in bulk', async () => {
    expect([(await register('198.51.100.40')).statusCode, (await register('198.51.100.40')).statusCode]).toEqual([201, 201]);
    const refused = await register('198.51.100.40');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'TOO_MANY_SIGNUPS', message: 'We cannot open another account just now. Please wait a while and try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.cookies).toEqual([]);

    expect((await register('198.51.100.41')).statusCode).toBe(201);
    expect((await register('198.51.100.42')).statusCode).toBe(429);
  });

  it('does not count a signup refused for a bad field', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/shop-api/register', remoteAddress: '198.51.100.43', payload: signupBody({ email: 'not-an-email' }) });
    expect(bad.statusCode).toBe(400);
  });
});
