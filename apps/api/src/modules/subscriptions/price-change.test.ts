import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, priceChangeAppliesFrom, renewalChargeDate, type PlanManagement } from '@elmwood/domain';
import { productVariants, variantPrices } from '../../db/schema/catalog';
import { notifications } from '../../db/schema/notifications';
import { orders } from '../../db/schema/orders';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import { eligibleWeightLossAnswers } from '../../seed/data/questionnaires/sample-answers';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { answerCheckIn } from '../../../test/support/check-in';
import { MOUNJARO_MONTHLY } from '../../../test/support/orders';
import { renewalShop } from '../../../test/support/renewal-shop';
import { NO_GP_CONSENT, orderInReview, verifyPatient } from '../../../test/support/staff';

const shop = renewalShop();
const { at, db, round, planRow } = shop;

const approve = async (number: string) => {
  await verifyPatient(shop.ctx, shop.prescriber, number);
  const res = await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${number}/approve`, headers: { cookie: shop.prescriber.cookie }, payload: NO_GP_CONSENT });
  expect(res.statusCode, res.body).toBe(200);
};

/** A patient whose first monthly order (Wegovy 0.25 mg unless told) a prescriber approved. */
async function subscribedPatient(items?: { productCode: string; variantCode: string; frequency: number }[]): Promise<{ patient: Patient; planId: string }> {
  const patient = await signedInPatientWithId(shop.ctx.app, db(), { birthday: eligibleWeightLossAnswers.wl_dob });
  const { orderNumber } = await orderInReview(shop.ctx, patient.cookie, items ? { items } : {});
  await approve(orderNumber);
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  return { patient, planId: plan!.id };
}

async function setCataloguePrice(variantCode: string, frequency: number, price: number) {
  const [variant] = await db().select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.code, variantCode));
  await db().update(variantPrices).set({ price, discountedPrice: null }).where(and(eq(variantPrices.variantId, variant!.id), eq(variantPrices.frequency, frequency)));
}

const priceEmails = (customerIds: number[]) =>
  db().select().from(notifications).where(and(eq(notifications.template, 'price-change'), inArray(notifications.customerId, customerIds))).orderBy(asc(notifications.id));
const planPage = async (patient: Patient, planId: string) => (await shop.ctx.app.inject({ url: `/shop-api/subscriptions/${planId}/plan`, headers: { cookie: patient.cookie } })).json<PlanManagement>();
const renewalTotals = async (planId: string) =>
  (
    await db()
      .select({ total: orders.total, deliveryDate: subscriptionRenewals.deliveryDate, number: orders.number, chargeDate: subscriptionRenewals.chargeDate })
      .from(subscriptionRenewals)
      .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
      .where(eq(subscriptionRenewals.subscriptionId, planId))
      .orderBy(asc(subscriptionRenewals.deliveryDate))
  ).map((row) => row);

describe('a price change in the catalogue', () => {
  it('is told to every patient it affects before their next charge, by email and on the plan, and charged only from the delivery the notice allows', async () => {
    at('2026-11-23');
    const alex = await subscribedPatient();
    const sam = await subscribedPatient();
    const other = await subscribedPatient([MOUNJARO_MONTHLY]);
    const plan = await planRow(alex.planId);
    const oldPrice = plan.price;
    expect(oldPrice).toBe(14900);

    // Five days before the coming delivery's charge: too late for it, so the rise waits for the delivery after.
    const notifiedOn = addDays(renewalChargeDate(plan.nextDeliveryDate), -5);
    at(notifiedOn);
    await setCataloguePrice('WEGOVY-0-25MG', 30, 15900);
    const report = await round();
    expect(report.priceNotices).toBeGreaterThanOrEqual(2);
    const appliesFrom = priceChangeAppliesFrom({ nextDelivery: plan.nextDeliveryDate, frequency: 30, notifiedOn, oldPrice, newPrice: 15900 });
    expect(appliesFrom).toBe(addDays(plan.nextDeliveryDate, 30));

    const emails = await priceEmails([alex.patient.customerId, sam.patient.customerId, other.patient.customerId]);
    expect(emails.map((row) => [row.customerId, row.channel]).sort()).toEqual(
      [
        [alex.patient.customerId, 'email'],
        [sam.patient.customerId, 'email'],
      ].sort(),
    );
    expect(emails.find((row) => row.customerId === alex.patient.customerId)!.data).toEqual({ subscriptionId: alex.planId, product: 'Wegovy 0.25 mg', oldPrice: 14900, newPrice: 15900, appliesFrom, chargeDate: renewalChargeDate(appliesFrom) });

    // On the plan: the notice, and the coming charge still at the old price.
    const page = await planPage(alex.patient, alex.planId);
    expect(page.priceChanges).toEqual([{ product: 'Wegovy 0.25 mg', oldPrice: 14900, newPrice: 15900, appliesFrom, chargeDate: renewalChargeDate(appliesFrom), notifiedOn }]);
    expect(page.nextCharge?.amount).toBe(14900);
    expect((await planPage(other.patient, other.planId)).priceChanges).toEqual([]);

    // Rounds run again: nobody is told twice.
    await round();
    expect(await priceEmails([alex.patient.customerId, sam.patient.customerId])).toHaveLength(2);

    // The coming delivery is charged the old price: the notice came too late for it.
    at(addDays(plan.nextDeliveryDate, -7));
    await round();
    await answerCheckIn(shop.ctx, alex.patient);
    const [first] = await renewalTotals(alex.planId);
    expect(first).toMatchObject({ deliveryDate: plan.nextDeliveryDate, total: 14900 });
    await approve(first!.number);
    at(first!.chargeDate, '00:15');
    await round();
    expect((await planRow(alex.planId)).nextDeliveryDate).toBe(appliesFrom);

    // The delivery the notice allows: the new price, shown before it is charged and charged.
    expect((await planPage(alex.patient, alex.planId)).nextCharge?.amount).toBe(15900);
    at(addDays(appliesFrom, -7));
    await round();
    await answerCheckIn(shop.ctx, alex.patient);
    const [, second] = await renewalTotals(alex.planId);
    expect(second).toMatchObject({ deliveryDate: appliesFrom, total: 15900 });
    expect((await planRow(alex.planId)).price).toBe(15900);
    // Once applied, nothing more is told.
    await round();
    expect(await priceEmails([alex.patient.customerId])).toHaveLength(1);
  });

  it('told early enough, applies to the coming delivery; a fall applies at once', async () => {
    at('2026-11-23');
    const patient = await subscribedPatient([MOUNJARO_MONTHLY]);
    const plan = await planRow(patient.planId);
    at('2026-11-23');
    // The first renewal is a month away: 14 days' notice fits before its charge.
    await setCataloguePrice('MOUNJARO-2-5MG', 30, plan.price + 2000);
    await round();
    const page = await planPage(patient.patient, patient.planId);
    expect(page.priceChanges).toMatchObject([{ oldPrice: plan.price, newPrice: plan.price + 2000, appliesFrom: plan.nextDeliveryDate }]);
    expect(page.nextCharge?.amount).toBe(plan.price + 2000);

    await setCataloguePrice('MOUNJARO-2-5MG', 30, plan.price - 1000);
    await round();
    const lower = await planPage(patient.patient, patient.planId);
    // Told after the rise: from the price the rise set, down to the new one.
    expect(lower.priceChanges.at(-1)).toMatchObject({ oldPrice: plan.price + 2000, newPrice: plan.price - 1000, appliesFrom: plan.nextDeliveryDate });
    expect(lower.nextCharge?.amount).toBe(plan.price - 1000);
    const [email] = (await priceEmails([patient.patient.customerId])).slice(-1);
    expect(email!.data).toMatchObject({ oldPrice: plan.price + 2000, newPrice: plan.price - 1000 });
  });
});
