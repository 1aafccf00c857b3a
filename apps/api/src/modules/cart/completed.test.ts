import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_ERROR } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { placeOrder, TEST_ADDRESS, WEGOVY_MONTHLY } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('a cart whose order is placed', () => {
  it('can still be read by its owner, and no longer changes: the order is what the clinic reviews', async () => {
    const cookies = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookies);
    expect(placed.reply.statusCode).toBe(201);
    const base = `/shop-api/carts/${placed.cartToken}`;
    const headers = { cookie: cookies };

    const read = await ctx.app.inject({ method: 'GET', url: base, headers });
    expect(read.statusCode).toBe(200);
    const [line] = read.json().items;

    const attempts = [
      ctx.app.inject({ method: 'POST', url: `${base}/items`, headers, payload: { ...WEGOVY_MONTHLY, variantCode: 'WEGOVY-0-5MG' } }),
      ctx.app.inject({ method: 'POST', url: `${base}/multiple-items`, headers, payload: { items: [{ productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 30 }] } }),
      ctx.app.inject({ method: 'DELETE', url: `${base}/items/${line.id}`, headers }),
      ctx.app.inject({ method: 'PUT', url: `${base}/coupon`, headers, payload: { coupon: 'SAVE10' } }),
      ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${placed.cartToken}/address`, headers, payload: { shippingAddress: TEST_ADDRESS } }),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json()).toMatchObject({ code: CART_ERROR.completed, message: expect.stringContaining('already been placed') });
    }
    const after = await ctx.app.inject({ method: 'GET', url: base, headers });
    expect(after.json().items).toEqual(read.json().items);
  });
});
