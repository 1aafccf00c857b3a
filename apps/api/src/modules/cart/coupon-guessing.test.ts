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
