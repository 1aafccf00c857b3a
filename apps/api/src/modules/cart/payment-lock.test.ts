import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_ERROR } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cardToken, completeCheckout, finishSandboxAction, placeOrder, readyCart, SANDBOX_CARDS, TEST_ADDRESS, WEGOVY_MONTHLY } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { orderItems, orders } from '../../db/schema/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MULTIVITAMIN = { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 1 } as const;

/** Every way the browser changes a cart, each answered on its own. */
function changes(token: string, cookie: string, lineId: number) {
  const base = `/shop-api/carts/${token}`;
  const headers = { cookie };
  return [
    ctx.app.inject({ method: 'POST', url: `${base}/items`, headers, payload: MULTIVITAMIN }),
    ctx.app.inject({ method: 'POST', url: `${base}/multiple-items`, headers, payload: { items: [MULTIVITAMIN, { ...WEGOVY_MONTHLY, frequency: 90 }] } }),
    ctx.app.inject({ method: 'DELETE', url: `${base}/items/${lineId}`, headers }),
    ctx.app.inject({ method: 'PUT', url: `${base}/coupon`, headers, payload: { coupon: 'SAVE10' } }),
    ctx.app.inject({ method: 'DELETE', url: `${base}/coupon`, headers }),
    ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${token}/address`, headers, payload: { shippingAddress: { ...TEST_ADDRESS, city: 'York' } } }),
    ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${token}/medical_history_questionnaire`, headers, payload: { questionnaireId: 1 } }),
    ctx.app.inject({ method: 'DELETE', url: base, headers }),
  ];
}

describe('a cart whose order waits for 3-D Secure or PayPal', () => {
  it('cannot change (409 CART_COMPLETED) until the payment fails, and then may change again for a retry', async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie, { card: SANDBOX_CARDS.challenges });
    expect(placed.reply.json()).toMatchObject({ status: 'action_required' });
    const before = await ctx.app.inject({ method: 'GET', url: `/shop-api/carts/${placed.cartToken}`, headers: { cookie } });
    const [line] = before.json().items;

    for (const reply of await Promise.all(changes(placed.cartToken, cookie, line.id))) {
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json()).toMatchObject({ code: CART_ERROR.completed, message: expect.stringContaining('payment for this basket is still in progress') });
    }
    const during = await ctx.app.inject({ method: 'GET', url: `/shop-api/carts/${placed.cartToken}`, headers: { cookie } });
    expect(during.json()).toEqual(before.json());

    await finishSandboxAction(ctx.app, (placed.reply.json() as { url: string }).url, 'fail');
    const confirm = await ctx.app.inject({ method: 'POST', url: `/shop-api/orders/${placed.orderNumber}/payment/confirm`, headers: { cookie } });
    expect(confirm.statusCode).toBe(402);
    const added = await ctx.app.inject({ method: 'POST', url: `/shop-api/carts/${placed.cartToken}/items`, headers: { cookie }, payload: MULTIVITAMIN });
    expect(added.statusCode, added.body).toBe(201);
    const retry = await placeOrder(ctx.app, cookie, { cartToken: placed.cartToken });
    expect(retry.reply.json()).toMatchObject({ status: 'placed' });
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.number, retry.orderNumber!));
    expect((await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id))).map((item) => item.productCode).sort()).toEqual([
      'DAILY-MULTIVITAMIN',
      'WEGOVY',
    ]);
  });

  it('is replaced by a new attempt on the same locked cart, which the lock does not refuse', async () => {
    const cookie = await signedInPatient(ctx.app);
    const first = await placeOrder(ctx.app, cookie, { card: SANDBOX_CARDS.challenges });
    const second = await placeOrder(ctx.app, cookie, { cartToken: first.cartToken });
    expect(second.reply.json()).toMatchObject({ status: 'placed' });
    const refused = await ctx.app.inject({ method: 'POST', url: `/shop-api/carts/${first.cartToken}/items`, headers: { cookie }, payload: MULTIVITAMIN });
    expect(refused.json()).toMatchObject({ code: CART_ERROR.completed, message: expect.stringContaining('already been placed') });
  });

  it('never lets an add racing the order land in the cart without being in the order', async () => {
    const cookie = await signedInPatient(ctx.app);
    const token = await readyCart(ctx.app, cookie);
    const card = await cardToken(ctx.app, SANDBOX_CARDS.challenges);
    const variants = ['DAILY-MULTIVITAMIN-30', 'DAILY-MULTIVITAMIN-30', 'DAILY-MULTIVITAMIN-30'];
    const adds = variants.map((variantCode, index) =>
      ctx.app.inject({ method: 'POST', url: `/shop-api/carts/${token}/items`, headers: { cookie }, payload: { ...MULTIVITAMIN, variantCode, quantity: index + 1 } }),
    );
    const [checkout, ...added] = await Promise.all([completeCheckout(ctx.app, cookie, token, { mode: 'NEW_CARD', token: card }), ...adds]);
    expect(checkout.statusCode, checkout.body).toBe(201);
    for (const reply of added) expect([201, 409]).toContain(reply.statusCode);

    const cart = (await ctx.app.inject({ method: 'GET', url: `/shop-api/carts/${token}`, headers: { cookie } })).json() as { items: { variant: { code: string }; quantity: number }[] };
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.number, (checkout.json() as { orderNumber: string }).orderNumber));
    const items = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    const described = (lines: { code: string; quantity: number }[]) => lines.map((line) => `${line.code}×${line.quantity}`).sort();
    expect(described(cart.items.map((item) => ({ code: item.variant.code, quantity: item.quantity })))).toEqual(
      described(items.map((item) => ({ code: item.variantCode, quantity: item.quantity }))),
    );
    // And from then on nothing more gets in.
    const late = await ctx.app.inject({ method: 'POST', url: `/shop-api/carts/${token}/items`, headers: { cookie }, payload: MULTIVITAMIN });
    expect(late.statusCode).toBe(409);
  });
});
