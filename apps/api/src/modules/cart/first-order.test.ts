import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { placeOrder, readyCart, SANDBOX_CARDS } from '../../../test/support/orders';
import { cookiesOf, signedInPatient, signedUpReply, signupBody } from '../../../test/support/patients';
import { orders } from '../../db/schema/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const WELCOME20_ON_WEGOVY = 2980;

async function withWelcome(cookie: string, options: { card?: string } = {}) {
  const cartToken = await readyCart(ctx.app, cookie);
  const coupon = await ctx.app.inject({ method: 'PUT', url: `/shop-api/carts/${cartToken}/coupon`, headers: { cookie }, payload: { coupon: 'WELCOME20' } });
  expect(coupon.statusCode, coupon.body).toBe(200);
  return { cartToken, shown: coupon.json() as { totals: { discount: number; total: number } }, ...options };
}
const orderRow = async (number: string) => (await ctx.database.db.select().from(orders).where(eq(orders.number, number)))[0]!;

describe('WELCOME20, 20% off a first order', () => {
  it('applies to a patient’s first order, also after a declined attempt, and to no later order', async () => {
    const cookie = await signedInPatient(ctx.app);
    const declined = await withWelcome(cookie);
    expect((await placeOrder(ctx.app, cookie, { cartToken: declined.cartToken, card: SANDBOX_CARDS.declines })).reply.statusCode).toBe(402);

    const first = await withWelcome(cookie);
    expect(first.shown.totals.discount).toBe(WELCOME20_ON_WEGOVY);
    const placed = await placeOrder(ctx.app, cookie, { cartToken: first.cartToken });
    expect(await orderRow(placed.orderNumber!)).toMatchObject({ discount: WELCOME20_ON_WEGOVY, total: 14900 - WELCOME20_ON_WEGOVY });

    // Used once: the code is refused in words, and the next order pays in full.
    const secondToken = await readyCart(ctx.app, cookie);
    const refused = await ctx.app.inject({ method: 'PUT', url: `/shop-api/carts/${secondToken}/coupon`, headers: { cookie }, payload: { coupon: 'WELCOME20' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'COUPON_ALREADY_USED', message: 'You have already used this discount code.' });
    const again = await placeOrder(ctx.app, cookie, { cartToken: secondToken });
    expect(again.reply.statusCode).toBe(201);
    expect(await orderRow(again.orderNumber!)).toMatchObject({ discount: 0, total: 14900 });
  });

  it('is decided again at checkout, under the cart’s lock: an attempt begun before another order was placed pays in full when paid again', async () => {
    const cookie = await signedInPatient(ctx.app);
    const early = await withWelcome(cookie);
    expect(early.shown.totals.discount).toBe(WELCOME20_ON_WEGOVY);
    const waiting = await placeOrder(ctx.app, cookie, { cartToken: early.cartToken, card: SANDBOX_CARDS.challenges });
    expect(await orderRow(waiting.orderNumber!)).toMatchObject({ state: 'payment_pending', discount: WELCOME20_ON_WEGOVY });

    const other = await withWelcome(cookie);
    expect((await placeOrder(ctx.app, cookie, { cartToken: other.cartToken })).reply.statusCode).toBe(201);
    const late = await placeOrder(ctx.app, cookie, { cartToken: early.cartToken });
    expect(late.reply.statusCode).toBe(201);
    expect(await orderRow(late.orderNumber!)).toMatchObject({ discount: 0, total: 14900 });
  });

  it('shows on a visitor’s cart, and is decided again when a returning patient signs in with it', async () => {
    const body = signupBody();
    const cookie = cookiesOf(await signedUpReply(ctx.app, body));
    await placeOrder(ctx.app, cookie);

    const created = await ctx.app.inject({ method: 'POST', url: '/shop-api/carts', payload: { channel: 'WEB_WL_UK' } });
    const token = (created.json() as { tokenValue: string }).tokenValue;
    await ctx.app.inject({ method: 'POST', url: `/shop-api/carts/${token}/items`, payload: { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 1 } });
    const visitor = await ctx.app.inject({ method: 'PUT', url: `/shop-api/carts/${token}/coupon`, payload: { coupon: 'WELCOME20' } });
    expect((visitor.json() as { totals: { discount: number } }).totals.discount).toBe(260);

    const login = await ctx.app.inject({ method: 'POST', url: '/shop-api/login', payload: { _username: body.email, _password: body.plainPassword, cartToken: token } });
    expect(login.statusCode).toBe(200);
    const signedIn = await ctx.app.inject({ method: 'GET', url: `/shop-api/carts/${token}`, headers: { cookie: cookiesOf(login) } });
    expect(signedIn.json()).toMatchObject({ couponCode: 'WELCOME20', discounts: [], totals: { discount: 0, total: 1299 } });
  });
});
