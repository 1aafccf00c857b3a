import { and, eq, sum } from 'drizzle-orm';
import { expect } from 'vitest';
import { referralLedger } from '../../src/db/schema/referrals';
import { signedInPatientWithId, type Patient } from './account';
import type { TestContext } from './app';
import { placeOrder, readyCart, TEST_ADDRESS } from './orders';
import { uploadPhoto } from './staff';

/** A card other than the referrer's (a friend paying with the referrer's card earns nothing). */
export const FRIEND_CARD = '5555555555554444';

/**
 * `friends` friends sign up through the patient's link, each places a first order to an address of their own with
 * a card of their own, and a prescriber approves it (`approve`). Answers all the credit the patient has earned.
 */
export async function earnReferralCredit(ctx: TestContext, referrer: Patient, friends: number, approve: (orderNumber: string) => Promise<void>): Promise<number> {
  const db = ctx.database.db;
  const { uid } = (await ctx.app.inject({ url: '/shop-api/me', headers: { cookie: referrer.cookie } })).json() as { uid: string };
  for (let index = 0; index < friends; index += 1) {
    const friend = await signedInPatientWithId(ctx.app, db, { invitedBy: uid });
    const token = await readyCart(ctx.app, friend.cookie, { address: false });
    const address = { ...TEST_ADDRESS, company: `${index + 3} Mill Lane`, city: 'Manchester', postcode: 'M1 1AA' };
    const put = await ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${token}/address`, payload: { shippingAddress: address }, headers: { cookie: friend.cookie } });
    expect(put.statusCode, put.body).toBe(200);
    const placed = await placeOrder(ctx.app, friend.cookie, { cartToken: token, card: FRIEND_CARD });
    expect(placed.reply.statusCode, placed.reply.body).toBe(201);
    await uploadPhoto(ctx, friend.cookie, 'I');
    await uploadPhoto(ctx, friend.cookie, 'W');
    await approve(placed.orderNumber!);
  }
  const [row] = await db
    .select({ total: sum(referralLedger.amount).mapWith(Number) })
    .from(referralLedger)
    .where(and(eq(referralLedger.customerId, referrer.customerId), eq(referralLedger.entry, 'credit')));
  return row?.total ?? 0;
}
