import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ COUPON_RATE_LIMIT_PER_CART: '3', COUPON_RATE_LIMIT_PER_ADDRESS: '5' });
});
afterAll(() => ctx.close());

const TOO_MANY = { code: 'TOO_MANY_COUPON_ATTEMPTS', message: 'Too many discount codes tried. Please wait 15 minutes and try again.' };

async function newCart(remoteAddress: string, couponCode?: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/shop-api/carts', remoteAddress, payload: { channel: 'WEB_WL_UK', ...(couponCode ? { couponCode } : {}) } });
  expect(res.statusCode).toBe(201);
  return res.json() as { tokenValue: string; couponCode: string | null };
}

const tryCode = (token: string, coupon: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'PUT', url: `/shop-api/carts/${token}/coupon`, remoteAddress, payload: { coupon } });

describe('guessing discount codes', () => {
  it('refuses a fourth code on one cart, even a valid one, while another cart may still try', async () => {
    const { tokenValue } = await newCart('198.51.100.1');
    const codes = [];
    for (const coupon of ['GUESS1', 'GUESS2', 'GUESS3', 'WELCOME20']) codes.push((await tryCode(tokenValue, coupon, '198.51.100.1')).statusCode);
    expect(codes).toEqual([422, 422, 422, 429]);
    expect((await tryCode(tokenValue, 'WELCOME20', '198.51.100.2')).json()).toEqual(TOO_MANY);

    const other = await newCart('198.51.100.1');
    expect((await tryCode(other.tokenValue, 'WELCOME20', '198.51.100.1')).statusCode).toBe(200);
  });

  it('refuses codes from one network address across many carts', async () => {
    const address = '203.0.113.7';
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const { tokenValue } = await newCart(address);
      statuses.push((await tryCode(tokenValue, `GUESS-${i}`, address)).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    const { tokenValue } = await newCart('203.0.113.8');
    expect((await tryCode(tokenValue, 'GUESS-X', '203.0.113.8')).statusCode).toBe(422);
  });

  it('past the limit, a code on a new cart is dropped: the patient still gets a cart, the guesser learns nothing', async () => {
    const address = '192.0.2.44';
    const kept = [];
    for (let i = 0; i < 6; i += 1) kept.push((await newCart(address, 'WELCOME20')).couponCode);
    expect(kept).toEqual(['WELCOME20', 'WELCOME20', 'WELCOME20', 'WELCOME20', 'WELCOME20', null]);
  });
});

describe('the address a limit counts', () => {
  it('is the connecting address by default: a client-sent X-Forwarded-For buys no fresh tries', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const forged = { 'x-forwarded-for': `100.64.${i}.1` };
      const created = await ctx.app.inject({ method: 'POST', url: '/shop-api/carts', remoteAddress: '198.51.100.77', headers: forged, payload: { channel: 'WEB_WL_UK' } });
      const { tokenValue } = created.json() as { tokenValue: string };
      const tried = await ctx.app.inject({ method: 'PUT', url: `/shop-api/carts/${tokenValue}/coupon`, remoteAddress: '198.51.100.77', headers: forged, payload: { coupon: `XFF-${i}` } });
      statuses.push(tried.statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it("is the client's address as the trusted proxy reports it, and only that proxy's report counts", async () => {
    const proxied = await createTestContext({ TRUST_PROXY: '10.0.0.1', COUPON_RATE_LIMIT_PER_ADDRESS: '2' });
    try {
      const tryVia = async (remoteAddress: string, client: string) => {
        const created = await proxied.app.inject({ method: 'POST', url: '/shop-api/carts', remoteAddress, headers: { 'x-forwarded-for': client }, payload: { channel: 'WEB_WL_UK' } });
        const { tokenValue } = created.json() as { tokenValue: string };
        return (await proxied.app.inject({ method: 'PUT', url: `/shop-api/carts/${tokenValue}/coupon`, remoteAddress, headers: { 'x-forwarded-for': client }, payload: { coupon: 'NOPE' } })).statusCode;
      };
      // Behind the proxy, two patients are two addresses.
      expect([await tryVia('10.0.0.1', '203.0.113.1'), await tryVia('10.0.0.1', '203.0.113.1'), await tryVia('10.0.0.1', '203.0.113.1')]).toEqual([422, 422, 429]);
      expect(await tryVia('10.0.0.1', '203.0.113.2')).toBe(422);
      // A client talking to the shop directly cannot pose as the proxy.
      expect([await tryVia('192.0.2.9', '203.0.113.3'), await tryVia('192.0.2.9', '203.0.113.4'), await tryVia('192.0.2.9', '203.0.113.5')]).toEqual([422, 422, 429]);
    } finally {
      await proxied.close();
    }
  });
});

describe('limits beyond one address', () => {
  it('refuses codes shop-wide past the global limit, whichever address and cart they come from', async () => {
    const shop = await createTestContext({ COUPON_RATE_LIMIT_GLOBAL: '4' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1) {
        const remoteAddress = `198.18.0.${i + 1}`;
        const created = await shop.app.inject({ method: 'POST', url: '/shop-api/carts', remoteAddress, payload: { channel: 'WEB_WL_UK' } });
        const { tokenValue } = created.json() as { tokenValue: string };
        const tried = await shop.app.inject({ method: 'PUT', url: `/shop-api/carts/${tokenValue}/coupon`, remoteAddress, payload: { coupon: `GLOBAL-${i}` } });
        statuses.push(tried.statusCode);
        if (tried.statusCode === 429) {
          expect(tried.json()).toEqual(TOO_MANY);
          expect(Number(tried.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([422, 422, 422, 422, 429]);
      // A code given with a new cart is a try too: past the limit it is dropped.
      const created = await shop.app.inject({ method: 'POST', url: '/shop-api/carts', remoteAddress: '198.18.1.1', payload: { channel: 'WEB_WL_UK', couponCode: 'WELCOME20' } });
      expect(created.json()).toMatchObject({ couponCode: null });
    } finally {
      await shop.close();
    }
  });

  it('counts codes given with new carts per consultation session, from any address', async () => {
    const cookie = `quiz_session=${'s'.repeat(20)}${'e'.repeat(23)}`;
    const kept = [];
    for (let i = 0; i < 4; i += 1) {
      const created = await ctx.app.inject({ method: 'POST', url: '/shop-api/carts', remoteAddress: `198.18.2.${i + 1}`, headers: { cookie }, payload: { channel: 'WEB_WL_UK', couponCode: 'WELCOME20' } });
      kept.push((created.json() as { couponCode: string | null }).couponCode);
    }
    expect(kept).toEqual(['WELCOME20', 'WELCOME20', 'WELCOME20', null]);
  });
});

describe('opening carts', () => {
  it('refuses a new cart past the per-address and the shop-wide limits, with a calm 429 and Retry-After', async () => {
    const shop = await createTestContext({ CART_RATE_LIMIT_PER_ADDRESS: '2', CART_RATE_LIMIT_GLOBAL: '3' });
    try {
      const open = (remoteAddress: string) => shop.app.inject({ method: 'POST', url: '/shop-api/carts', remoteAddress, payload: { channel: 'WEB_WL_UK' } });
      expect([(await open('198.18.3.1')).statusCode, (await open('198.18.3.1')).statusCode]).toEqual([201, 201]);
      const refused = await open('198.18.3.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'TOO_MANY_CARTS',
        message: 'We are receiving a lot of requests from your connection. Please wait a few minutes and try again.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect([(await open('198.18.3.2')).statusCode, (await open('198.18.3.3')).statusCode]).toEqual([201, 429]);
    } finally {
      await shop.close();
    }
  });
});
