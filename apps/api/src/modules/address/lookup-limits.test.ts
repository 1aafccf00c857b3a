import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';

// Each search is a paid call to the provider in production.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ POSTCODE_LOOKUP_RATE_LIMIT_PER_ADDRESS: '3', POSTCODE_LOOKUP_RATE_LIMIT_PER_SESSION: '2', POSTCODE_LOOKUP_RATE_LIMIT_GLOBAL: '7' });
});
afterAll(() => ctx.close());

const lookup = (remoteAddress: string, cookie?: string) =>
  ctx.app.inject({ url: '/shop-api/address-lookup/LS14AP', remoteAddress, ...(cookie ? { headers: { cookie } } : {}) });

describe('postcode searches', () => {
  it('are limited per network address, with a calm 429 and Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await lookup('198.51.100.70')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await lookup('198.51.100.70');
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_LOOKUPS',
      message: 'Too many postcode searches. Please wait a few minutes and try again, or enter your address by hand.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('are limited per signed-in patient, from any address', async () => {
    const cookie = await signedInPatient(ctx.app);
    expect([(await lookup('198.51.100.71', cookie)).statusCode, (await lookup('198.51.100.72', cookie)).statusCode, (await lookup('198.51.100.73', cookie)).statusCode]).toEqual([
      200, 200, 429,
    ]);
  });

  it('are limited across the whole shop', async () => {
    // Three from the first test and two from the second reached the provider: two more fill the shop-wide seven.
    expect([(await lookup('198.51.100.74')).statusCode, (await lookup('198.51.100.75')).statusCode, (await lookup('198.51.100.76')).statusCode]).toEqual([200, 200, 429]);
  });

  it('still says junk is not a postcode once the limits are spent: it never reaches the limits or the provider', async () => {
    expect((await ctx.app.inject({ url: '/shop-api/address-lookup/!!', remoteAddress: '198.51.100.77' })).statusCode).toBe(400);
  });
});
