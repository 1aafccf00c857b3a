import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, RECURRING_DISCOUNT_EXPERIMENT, RECURRING_GIFT_PENCE, type PlanManagement } from '@elmwood/domain';
import { experimentAssignments } from '../../db/schema/experiments';
import { orders } from '../../db/schema/orders';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import { sandboxPayments } from '../../db/schema/sandbox-gateway';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { answerCheckIn } from '../../../test/support/check-in';
import { orderInReview, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';

/*
 * Issue 38 item 13: the recurring-discount test's 'gift' bucket is shown £20 off the 2nd and 3rd months in the price
 * terms at checkout; its renewals are charged exactly that (one rule with the price terms: deliveryCharge).
 */

const shop = renewalShop();
const { at, db, round, planRow } = shop;

const approve = async (number: string) => {
  await verifyPatient(shop.ctx, shop.prescriber, number);
  const res = await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${number}/approve`, headers: { cookie: shop.prescriber.cookie }, payload: NO_GP_CONSENT });
  expect(res.statusCode, res.body).toBe(200);
};

/** A patient with an approved monthly Wegovy plan, in the bucket they were shown ('gift' or 'control'). */
async function subscribed(bucket: 'gift' | 'control') {
  const patient = await signedInPatientWithId(shop.ctx.app, db());
  // The shop assigns and keeps the bucket when it first shows the patient a price (the checkout's price terms).
  expect((await shop.ctx.app.inject({ url: '/shop-api/me/experiments', headers: { cookie: patient.cookie } })).statusCode).toBe(200);
  await db()
    .update(experimentAssignments)
    .set({ bucket })
    .where(and(eq(experimentAssignments.customerId, patient.customerId), eq(experimentAssignments.experiment, RECURRING_DISCOUNT_EXPERIMENT.name)));
  const { orderNumber } = await orderInReview(shop.ctx, patient.cookie);
  await approve(orderNumber);
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  return { patient, planId: plan!.id };
}

/** The plan's next renewal, ordered, approved and charged on its charge date: answers what the card was charged. */
async function renewOnce(patient: Patient, planId: string): Promise<{ total: number; charged: number; shownBefore: number }> {
  const delivery = (await planRow(planId)).nextDeliveryDate;
  at(addDays(delivery, -10));
  const shown = (await shop.ctx.app.inject({ url: `/shop-api/subscriptions/${planId}/plan`, headers: { cookie: patient.cookie } })).json<PlanManagement>();
  at(addDays(delivery, -7));
  await round();
  await answerCheckIn(shop.ctx, patient);
  const [renewal] = await db()
    .select({ number: orders.number, total: orders.total })
    .from(subscriptionRenewals)
    .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
    .where(and(eq(subscriptionRenewals.subscriptionId, planId), eq(subscriptionRenewals.deliveryDate, delivery)));
  await approve(renewal!.number);
  at(addDays(delivery, -3), '00:15');
  await round();
  await round();
  const [charge] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, renewal!.number)).orderBy(asc(sandboxPayments.createdAt));
  expect(charge).toMatchObject({ status: 'captured' });
  return { total: renewal!.total, charged: charge!.amount, shownBefore: shown.nextCharge!.amount };
}

describe("the recurring-discount gift on a monthly plan's renewals", () => {
  it("charges the 'gift' bucket £20 less for months 2 and 3, as its price terms showed, and the full price from month 4", async () => {
    at('2026-11-23');
    const { patient, planId } = await subscribed('gift');
    const price = (await planRow(planId)).price;
    const months = [await renewOnce(patient, planId), await renewOnce(patient, planId), await renewOnce(patient, planId)];
    expect(months.map((month) => month.charged)).toEqual([price - RECURRING_GIFT_PENCE, price - RECURRING_GIFT_PENCE, price]);
    expect(months.map((month) => month.total)).toEqual(months.map((month) => month.charged));
    // The plan page said so beforehand.
    expect(months.map((month) => month.shownBefore)).toEqual(months.map((month) => month.charged));
  });

  it('charges the control bucket the plan’s price', async () => {
    at('2026-11-23');
    const { patient, planId } = await subscribed('control');
    const price = (await planRow(planId)).price;
    expect((await renewOnce(patient, planId)).charged).toBe(price);
  });
});
