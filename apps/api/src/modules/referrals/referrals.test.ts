import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_DISCOUNT_LABEL } from '@elmwood/domain';
import { orders } from '../../db/schema/orders';
import { referralLedger } from '../../db/schema/referrals';
import { staffAuditLog } from '../../db/schema/clinic';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { placeOrder, readyCart, TEST_ADDRESS } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { signedInStaff, uploadPhoto, type SignedInStaff, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';

const CAP = 6000;
let ctx: TestContext;
let prescriber: SignedInStaff;
let support: SignedInStaff;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000', REFERRAL_CAP_PENCE: String(CAP) });
  prescriber = await signedInStaff(ctx, 'prescriber');
  support = await signedInStaff(ctx, 'support');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const FRIEND_ADDRESS = { ...TEST_ADDRESS, company: '9 Mill Lane', city: 'Manchester', postcode: 'M1 1AA' };
const REFERRER_ADDRESS = { ...TEST_ADDRESS, company: '1 Park Road', city: 'York', postcode: 'YO1 7HH' };
const OTHER_CARD = '5555555555554444';

async function patient(overrides: Record<string, unknown> = {}) {
  const cookie = await signedInPatient(ctx.app, overrides);
  const me = (await ctx.app.inject({ url: '/shop-api/me', headers: { cookie } })).json() as { uid: string; email: string };
  return { cookie, uid: me.uid, email: me.email };
}
const friendOf = (referrer: { uid: string }, overrides: Record<string, unknown> = {}) => patient({ invitedBy: referrer.uid, ...overrides });

/** A cart with Wegovy monthly and the consultation, delivered to `address`; answers its token. */
async function cartAt(cookie: string, address: Record<string, unknown>) {
  const token = await readyCart(ctx.app, cookie, { address: false });
  const put = await ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${token}/address`, payload: { shippingAddress: address }, headers: { cookie } });
  expect(put.statusCode, put.body).toBe(200);
  return { token, cart: put.json() };
}

/** An order placed to `address` with `card`, its ID and full-length photos sent (so it waits in review). */
async function orderAt(cookie: string, address: Record<string, unknown>, card?: string) {
  const { token } = await cartAt(cookie, address);
  const placed = await placeOrder(ctx.app, cookie, { cartToken: token, ...(card ? { card } : {}) });
  expect(placed.reply.statusCode).toBe(201);
  await uploadPhoto(ctx, cookie, 'I');
  await uploadPhoto(ctx, cookie, 'W');
  const [row] = await db().select().from(orders).where(eq(orders.number, placed.orderNumber!));
  return row!;
}

const decide = async (number: string, decision: 'approve' | 'reject') => {
  // A weight-loss medicine is approved on verified weight, height and identity (issue 33).
  if (decision === 'approve') await verifyPatient(ctx, prescriber, number);
  return ctx.app.inject({
    method: 'POST',
    url: `/shop-api/clinic/orders/${number}/${decision}`,
    headers: { cookie: prescriber.cookie },
    payload: decision === 'reject' ? { reasonCode: 'other', note: '' } : NO_GP_CONSENT,
  });
};
const summary = async (cookie: string) => (await ctx.app.inject({ url: '/shop-api/referrals/summary', headers: { cookie } })).json();

describe("the friend's first order", () => {
  it("gets 20 % off as 'REFERRAL DISCOUNT', in place of another first-order discount", async () => {
    const referrer = await patient();
    const friend = await friendOf(referrer);
    const { token, cart } = await cartAt(friend.cookie, FRIEND_ADDRESS);
    expect(cart.discounts).toEqual([expect.objectContaining({ code: 'REFERRAL_20', label: REFERRAL_DISCOUNT_LABEL, amount: Math.round(cart.totals.subtotal * 0.2) })]);
    expect(cart.cartDiscounts.REFERRAL_20.isReferral).toBe(true);

    const coupon = await ctx.app.inject({ method: 'PUT', url: `/shop-api/carts/${token}/coupon`, payload: { coupon: 'WELCOME20' }, headers: { cookie: friend.cookie } });
    expect(coupon.json().discounts.map((discount: { code: string }) => discount.code)).toEqual(['REFERRAL_20']);
    expect(coupon.json().totals.discount).toBe(Math.round(cart.totals.subtotal * 0.2));

    const placed = await placeOrder(ctx.app, friend.cookie, { cartToken: token });
    const [order] = await db().select().from(orders).where(eq(orders.number, placed.orderNumber!));
    expect(order!.discount).toBe(Math.round(order!.subtotal * 0.2));
  });

  it('is an ordinary first order for a patient who came through no link', async () => {
    const nobody = await patient();
    const { cart } = await cartAt(nobody.cookie, FRIEND_ADDRESS);
    expect(cart.discounts.map((discount: { code: string }) => discount.code)).not.toContain('REFERRAL_20');
  });
});

describe("the referrer's credit", () => {
  it('appears only when a clinician approves the friend’s order (20 % of its subtotal), and once', async () => {
    const referrer = await patient();
    expect(await summary(referrer.cookie)).toEqual({ count: 0, amount: 0, yearlyCap: CAP });
    const friend = await friendOf(referrer);
    const order = await orderAt(friend.cookie, FRIEND_ADDRESS);
    // Paid (authorised) and in review: nothing yet.
    expect(order.state).toBe('in_review');
    expect(await summary(referrer.cookie)).toEqual({ count: 0, amount: 0, yearlyCap: CAP });

    const approvals = await Promise.all([decide(order.number, 'approve'), decide(order.number, 'approve'), decide(order.number, 'approve')]);
    expect(approvals.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    const credit = Math.round(order.subtotal * 0.2);
    expect(await summary(referrer.cookie)).toEqual({ count: 1, amount: credit, yearlyCap: CAP });
    expect(await db().select().from(referralLedger).where(eq(referralLedger.orderId, order.id))).toHaveLength(1);
  });

  it('is never earned by a rejected order', async () => {
    const referrer = await patient();
    const friend = await friendOf(referrer);
    const order = await orderAt(friend.cookie, FRIEND_ADDRESS);
    expect((await decide(order.number, 'reject')).statusCode).toBe(200);
    expect(await summary(referrer.cookie)).toEqual({ count: 0, amount: 0, yearlyCap: CAP });
  });

  it('stops at the yearly cap', async () => {
    const referrer = await patient();
    const earned: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const friend = await friendOf(referrer);
      const order = await orderAt(friend.cookie, { ...FRIEND_ADDRESS, company: `${index + 10} Mill Lane` });
      expect((await decide(order.number, 'approve')).statusCode).toBe(200);
      earned.push(Math.round(order.subtotal * 0.2));
    }
    // Two full credits fit under the cap; the third gets only what is left of it.
    expect(earned[0]! * 2).toBeLessThan(CAP);
    const rows = await db().select().from(referralLedger).where(eq(referralLedger.entry, 'credit'));
    const mine = rows.filter((row) => row.amount > 0).slice(-3);
    expect(mine.map((row) => row.amount)).toEqual([earned[0], earned[1], CAP - earned[0]! - earned[1]!]);
    expect((await summary(referrer.cookie)).amount).toBe(CAP);
  });

  it('is spent by itself on the referrer’s next order, and given back if that order is rejected', async () => {
    const referrer = await patient();
    const friend = await friendOf(referrer);
    const friendOrder = await orderAt(friend.cookie, FRIEND_ADDRESS);
    await decide(friendOrder.number, 'approve');
    const credit = Math.round(friendOrder.subtotal * 0.2);

    const { cart } = await cartAt(referrer.cookie, REFERRER_ADDRESS);
    expect(cart.totals.credit).toBe(credit);
    expect(cart.totals.total).toBe(cart.totals.subtotal - cart.totals.discount - credit);
    const own = await orderAt(referrer.cookie, REFERRER_ADDRESS, OTHER_CARD);
    expect(own.credit).toBe(credit);
    expect(own.total).toBe(own.subtotal - own.discount - credit);
    // Spent: the next cart has none left.
    expect((await cartAt(referrer.cookie, REFERRER_ADDRESS)).cart.totals.credit).toBe(0);

    expect((await decide(own.number, 'reject')).statusCode).toBe(200);
    expect((await cartAt(referrer.cookie, REFERRER_ADDRESS)).cart.totals.credit).toBe(credit);
  });
});

describe('a refund of the friend’s order (issue 38 item 10)', () => {
  const refund = (number: string, amount: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `/shop-api/clinic/orders/${number}/refund`,
      headers: { cookie: support.cookie, 'idempotency-key': randomUUID() },
      payload: { amount, reason: 'Returned' },
    });
  const takenBack = async (number: string) =>
    (await db().select().from(staffAuditLog).where(eq(staffAuditLog.orderNumber, number))).filter((row) => row.action === 'take-back-referral-credit');
  const creditShown = async (cookie: string) => (await cartAt(cookie, REFERRER_ADDRESS)).cart.totals.credit as number;

  it('takes the credit back in proportion, refund by refund, and audits each', async () => {
    const referrer = await patient();
    const friend = await friendOf(referrer);
    const order = await orderAt(friend.cookie, FRIEND_ADDRESS);
    expect((await decide(order.number, 'approve')).statusCode).toBe(200);
    const credit = Math.round(order.subtotal * 0.2);
    expect(await creditShown(referrer.cookie)).toBe(credit);

    const quarter = Math.round(order.total / 4);
    expect((await refund(order.number, quarter)).json()).toMatchObject({ paymentState: 'partially_refunded' });
    const firstTake = Math.round((credit * quarter) / order.total);
    expect(await creditShown(referrer.cookie)).toBe(credit - firstTake);
    expect(await summary(referrer.cookie)).toEqual({ count: 1, amount: credit - firstTake, yearlyCap: CAP });
    expect((await takenBack(order.number)).map((row) => [row.staffId, row.details])).toEqual([[support.row.id, { amount: firstTake }]]);

    expect((await refund(order.number, order.total - quarter)).json()).toMatchObject({ paymentState: 'refunded' });
    expect(await creditShown(referrer.cookie)).toBe(0);
    expect(await summary(referrer.cookie)).toEqual({ count: 0, amount: 0, yearlyCap: CAP });
    expect((await takenBack(order.number)).map((row) => row.details)).toEqual([{ amount: firstTake }, { amount: credit - firstTake }]);
  });

  it('never takes the referrer below zero: credit already spent is not asked back', async () => {
    const referrer = await patient();
    const friend = await friendOf(referrer);
    const friendOrder = await orderAt(friend.cookie, FRIEND_ADDRESS);
    await decide(friendOrder.number, 'approve');
    const credit = Math.round(friendOrder.subtotal * 0.2);
    // Spent on the referrer's own order, then the friend's order is refunded in full.
    expect((await orderAt(referrer.cookie, REFERRER_ADDRESS, OTHER_CARD)).credit).toBe(credit);
    expect((await refund(friendOrder.number, friendOrder.total)).statusCode).toBe(200);
    expect((await takenBack(friendOrder.number)).map((row) => row.details)).toEqual([{ amount: 0 }]);

    // A second friend's credit is the referrer's whole, not set against the first.
    const second = await friendOf(referrer);
    const secondOrder = await orderAt(second.cookie, { ...FRIEND_ADDRESS, company: '11 Mill Lane' });
    await decide(secondOrder.number, 'approve');
    expect(await creditShown(referrer.cookie)).toBe(Math.round(secondOrder.subtotal * 0.2));
  });
});

describe('self-referral', () => {
  it('is refused for the same email written with dots or a plus tag: no discount, no credit', async () => {
    const local = `jo.reed.${randomUUID().slice(0, 8)}`;
    const referrer = await patient({ email: `${local}@example.com` });
    const friend = await friendOf(referrer, { email: `${local.replace(/\./g, '')}+again@example.com` });
    const { cart } = await cartAt(friend.cookie, FRIEND_ADDRESS);
    expect(cart.discounts.map((discount: { code: string }) => discount.code)).not.toContain('REFERRAL_20');
  });

  it('is refused for the referrer’s own delivery address', async () => {
    const referrer = await patient();
    await orderAt(referrer.cookie, REFERRER_ADDRESS);
    const friend = await friendOf(referrer);
    const { cart } = await cartAt(friend.cookie, { ...REFERRER_ADDRESS, company: '1 PARK ROAD', postcode: 'yo17hh' });
    expect(cart.discounts.map((discount: { code: string }) => discount.code)).not.toContain('REFERRAL_20');
    expect(cart.totals.discount).toBe(0);
  });

  it('earns nothing when the friend pays with the referrer’s card', async () => {
    const referrer = await patient();
    await orderAt(referrer.cookie, REFERRER_ADDRESS);
    const friend = await friendOf(referrer);
    const order = await orderAt(friend.cookie, FRIEND_ADDRESS);
    expect(order.discount).toBeGreaterThan(0);
    expect((await decide(order.number, 'approve')).statusCode).toBe(200);
    expect(await summary(referrer.cookie)).toEqual({ count: 0, amount: 0, yearlyCap: CAP });
  });

  it('is refused for the referrer’s building, whatever flat either names', async () => {
    const referrer = await patient();
    await orderAt(referrer.cookie, { ...REFERRER_ADDRESS, company: '1 Test Street', postcode: 'YO1 7HH' });
    const friend = await friendOf(referrer);
    const { cart } = await cartAt(friend.cookie, { ...REFERRER_ADDRESS, company: '1 Test Street, Flat A', postcode: 'YO17HH' });
    expect(cart.discounts.map((discount: { code: string }) => discount.code)).not.toContain('REFERRAL_20');
  });

  it('earns nothing when the friend pays with the card the referrer paid a one-off order with (no card was kept)', async () => {
    const card = '4000056655665556';
    const referrer = await patient();
    const oneOff = await placeOrder(ctx.app, referrer.cookie, { consult: false, card, items: [{ productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 1 }] });
    expect(oneOff.reply.statusCode, oneOff.reply.body).toBe(201);
    expect((await ctx.app.inject({ url: '/shop-api/me/payment-tokens', headers: { cookie: referrer.cookie } })).json()).toEqual([]);
    const friend = await friendOf(referrer);
    const order = await orderAt(friend.cookie, FRIEND_ADDRESS, card);
    expect(order.discount).toBeGreaterThan(0);
    expect((await decide(order.number, 'approve')).statusCode).toBe(200);
    expect(await summary(referrer.cookie)).toEqual({ count: 0, amount: 0, yearlyCap: CAP });
  });

  it('cannot name oneself: a link to one’s own account is no referral', async () => {
    const me = await patient();
    // The account names itself as its referrer (as a crafted cookie at sign-up could not, but a stale row might).
    await ctx.database.db.execute(`update customers set invited_by = uid::text where uid = '${me.uid}'`);
    const { cart } = await cartAt(me.cookie, FRIEND_ADDRESS);
    expect(cart.discounts.map((discount: { code: string }) => discount.code)).not.toContain('REFERRAL_20');
  });
});

describe('GET /shop-api/referrals/summary', () => {
  it('needs a signed-in patient', async () => {
    expect((await ctx.app.inject({ url: '/shop-api/referrals/summary' })).statusCode).toBe(401);
  });
});
