import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '@elmwood/domain';
import { notifications } from '../../db/schema/notifications';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import { referralLedger } from '../../db/schema/referrals';
import { sandboxPayments } from '../../db/schema/sandbox-gateway';
import { orderHistory } from '../../lifecycle/index';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { answerCheckIn } from '../../../test/support/check-in';
import { readyCart } from '../../../test/support/orders';
import { earnReferralCredit } from '../../../test/support/referrals';
import { orderInReview, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';
import { RENEWAL_PAID_BY_CREDIT } from './repo';

const shop = renewalShop({ REFERRAL_CAP_PENCE: '100000' });
const { at, db, round, planRow } = shop;
const approve = async (number: string) => {
  await verifyPatient(shop.ctx, shop.prescriber, number);
  const res = await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${number}/approve`, headers: { cookie: shop.prescriber.cookie }, payload: NO_GP_CONSENT });
  expect(res.statusCode, res.body).toBe(200);
};
const renewalOrder = async (planId: string) => {
  const [row] = await db().select({ order: orders }).from(subscriptionRenewals).innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId)).where(eq(subscriptionRenewals.subscriptionId, planId));
  return row?.order;
};
const cartCredit = async (patient: Patient) => {
  const token = await readyCart(shop.ctx.app, patient.cookie);
  const cart = await shop.ctx.app.inject({ url: `/shop-api/carts/${token}`, headers: { cookie: patient.cookie } });
  return (cart.json() as { totals: { credit: number } }).totals.credit;
};
const debits = (customerId: number) =>
  db()
    .select({ orderId: referralLedger.orderId, amount: referralLedger.amount })
    .from(referralLedger)
    .where(and(eq(referralLedger.customerId, customerId), eq(referralLedger.entry, 'debit')));

/** A patient on a monthly Wegovy plan whose first order a prescriber approved. */
async function subscribed() {
  at('2026-11-23');
  const patient = await signedInPatientWithId(shop.ctx.app, db());
  const { orderNumber } = await orderInReview(shop.ctx, patient.cookie);
  await approve(orderNumber);
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  return { patient, plan: plan! };
}

const earnCredit = (referrer: Patient, friends: number) => earnReferralCredit(shop.ctx, referrer, friends, approve);

/** The renewal becomes due, the patient answers the check-in and the renewal order waits for the prescriber. */
async function renewalOrdered(patient: Patient, planId: string, delivery: string) {
  at(addDays(delivery, -7));
  await round();
  await answerCheckIn(shop.ctx, patient);
  expect((await planRow(planId)).state).toBe('renewal_ordered');
  return (await renewalOrder(planId))!;
}

describe('referral credit on a renewal', () => {
  it('is spent by itself: the saved card is charged the price less the credit, and the ledger debited once', async () => {
    const { patient, plan } = await subscribed();
    const credit = await earnCredit(patient, 1);
    expect(credit).toBeGreaterThan(0);
    expect(credit).toBeLessThan(plan.price);

    const renewal = await renewalOrdered(patient, plan.id, plan.nextDeliveryDate);
    expect(renewal).toMatchObject({ state: 'in_review', paymentState: 'awaiting_charge', credit, total: plan.price - credit });
    expect(await debits(patient.customerId)).toEqual([{ orderId: renewal.id, amount: credit }]);
    // Spent: a cart now carries none of it.
    expect(await cartCredit(patient)).toBe(0);

    await approve(renewal.number);
    // The notice of the coming charge tells the amount after the credit.
    at(addDays(plan.nextDeliveryDate, -5));
    await round();
    const [notice] = await db().select().from(notifications).where(and(eq(notifications.template, 'renewal-coming'), eq(notifications.customerId, patient.customerId)));
    expect(notice?.data).toMatchObject({ amount: plan.price - credit });
    at(addDays(plan.nextDeliveryDate, -3));
    await round();
    await round();
    const charges = await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, renewal.number));
    expect(charges.map((charge) => [charge.amount, charge.merchantInitiated, charge.status])).toEqual([[plan.price - credit, true, 'captured']]);
    expect(await planRow(plan.id)).toMatchObject({ state: 'active', nextDeliveryDate: addDays(plan.nextDeliveryDate, 30) });
    expect(await debits(patient.customerId)).toEqual([{ orderId: renewal.id, amount: credit }]);
  });

  it('that covers the whole renewal takes no card payment at all, and the plan still moves on', async () => {
    const { patient, plan } = await subscribed();
    const credit = await earnCredit(patient, 5);
    expect(credit).toBeGreaterThanOrEqual(plan.price);

    const renewal = await renewalOrdered(patient, plan.id, plan.nextDeliveryDate);
    expect(renewal).toMatchObject({ state: 'in_review', paymentState: 'not_required', credit: plan.price, total: 0 });
    expect((await orderHistory(db(), renewal.id)).map((event) => [event.event, event.fromState, event.toState, event.reason])).toContainEqual([
      'not_required',
      'pending',
      'not_required',
      RENEWAL_PAID_BY_CREDIT,
    ]);
    expect(await debits(patient.customerId)).toEqual([{ orderId: renewal.id, amount: plan.price }]);
    // What is left of the credit is still the patient's.
    expect(await cartCredit(patient)).toBe(Math.min(credit - plan.price, 14900));

    await approve(renewal.number);
    expect((await planRow(plan.id)).state).toBe('renewal_ordered');
    at(addDays(plan.nextDeliveryDate, -3));
    await round();
    await round();
    expect(await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, renewal.number))).toEqual([]);
    expect(await db().select().from(payments).where(eq(payments.orderId, renewal.id))).toEqual([]);
    expect(await planRow(plan.id)).toMatchObject({ state: 'active', nextDeliveryDate: addDays(plan.nextDeliveryDate, 30) });
    expect((await db().select().from(orders).where(eq(orders.id, renewal.id)))[0]).toMatchObject({ state: 'approved', paymentState: 'not_required' });
    expect(await db().select().from(notifications).where(eq(notifications.dedupeKey, `order-approved:${renewal.number}`))).toHaveLength(1);
  });

  it('comes back when the prescriber rejects the renewal', async () => {
    const { patient, plan } = await subscribed();
    const credit = await earnCredit(patient, 1);
    const renewal = await renewalOrdered(patient, plan.id, plan.nextDeliveryDate);
    expect(renewal.credit).toBe(credit);
    const rejected = await shop.ctx.app.inject({
      method: 'POST',
      url: `/shop-api/clinic/orders/${renewal.number}/reject`,
      headers: { cookie: shop.prescriber.cookie },
      payload: { reasonCode: 'other', note: '' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await cartCredit(patient)).toBe(credit);
  });
});
