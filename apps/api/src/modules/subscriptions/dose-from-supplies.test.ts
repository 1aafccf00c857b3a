import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, type PlanManagement } from '@elmwood/domain';
import { orderItems, orders } from '../../db/schema/orders';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import { planSupplies } from './dose-history';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { answerCheckIn } from '../../../test/support/check-in';
import { orderInReview, signedInStaff, type SignedInStaff, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';
import { MOUNJARO_MONTHLY, WEGOVY_MONTHLY, type PlaceOrderOptions } from '../../../test/support/orders';

const shop = renewalShop();
const { at, db, round, planRow } = shop;

const clinic = (staff: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: staff.cookie }, ...(payload ? { payload } : {}) });
const planCall = (patient: Patient, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.ctx.app.inject({ method, url: `/shop-api/subscriptions/${url}`, headers: { cookie: patient.cookie }, ...(payload ? { payload } : {}) });

async function renewals(planId: string) {
  const rows = await db()
    .select({ number: orders.number, state: orders.state, total: orders.total, deliveryDate: subscriptionRenewals.deliveryDate, doseIncrease: subscriptionRenewals.doseIncrease, orderId: orders.id })
    .from(subscriptionRenewals)
    .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
    .where(eq(subscriptionRenewals.subscriptionId, planId))
    .orderBy(asc(subscriptionRenewals.deliveryDate));
  return Promise.all(rows.map(async (row) => ({ ...row, variants: (await db().select({ code: orderItems.variantCode }).from(orderItems).where(eq(orderItems.orderId, row.orderId))).map((item) => item.code) })));
}

async function dispatch(pharmacist: SignedInStaff, number: string) {
  const res = await clinic(pharmacist, 'POST', `/orders/${number}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' });
  expect(res.statusCode, res.body).toBe(200);
}

/** A patient on a monthly plan (Wegovy, or Mounjaro) whose first order at the starting dose was approved and dispatched. */
async function suppliedPatient(items: PlaceOrderOptions['items'] = [WEGOVY_MONTHLY]) {
  at('2026-11-23');
  const pharmacist = await signedInStaff(shop.ctx, 'pharmacist');
  const patient = await signedInPatientWithId(shop.ctx.app, db());
  const { orderNumber } = await orderInReview(shop.ctx, patient.cookie, { items });
  await verifyPatient(shop.ctx, shop.prescriber, orderNumber);
  expect((await clinic(shop.prescriber, 'POST', `/orders/${orderNumber}/approve`, NO_GP_CONSENT)).statusCode).toBe(200);
  await dispatch(pharmacist, orderNumber);
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  // The lifecycle dates its events by the database's clock, not the test's: the supply is dated as it recorded it.
  const [supply] = await planSupplies(db(), plan!);
  return { patient, pharmacist, planId: plan!.id, dispatchedOn: supply!.suppliedOn };
}

describe('doses from supplies', () => {
  it.each([
    ['Wegovy: 0.5 mg rejected, renewed at the 0.25 mg supplied', WEGOVY_MONTHLY, 'WEGOVY-0-5MG', '0.25 mg'],
    ['Mounjaro: 5 mg rejected, renewed at the 2.5 mg supplied', MOUNJARO_MONTHLY, 'MOUNJARO-5MG', '2.5 mg'],
  ])('after a higher dose is rejected and the plan resumed, renews at the dose last supplied, not the rejected one (%s)', async (_case, first, higherCode, suppliedDose) => {
    const { patient, planId } = await suppliedPatient([first]);
    const price = (await planRow(planId)).price;
    expect((await planCall(patient, 'POST', `${planId}/dose`, { variantCode: higherCode })).statusCode).toBe(200);
    const delivery = (await planRow(planId)).nextDeliveryDate;
    at(addDays(delivery, -7));
    await round();
    await answerCheckIn(shop.ctx, patient);
    const [higher] = await renewals(planId);
    expect(higher).toMatchObject({ variants: [higherCode], doseIncrease: true });
    const rejected = await clinic(shop.prescriber, 'POST', `/orders/${higher!.number}/reject`, { reasonCode: 'clinically_unsuitable', note: `Stay on ${suppliedDose} for now` });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await planRow(planId)).state).toBe('suspended');

    expect((await planCall(patient, 'POST', `${planId}/resume`)).statusCode).toBe(200);
    const page = (await planCall(patient, 'GET', `${planId}/plan`)).json<PlanManagement>();
    expect(page.dose).toMatchObject({ current: suppliedDose, requested: null });
    expect(page.nextCharge!.amount).toBe(price);

    // The first renewal now comes three weeks after the dispatch, so the resumed delivery is still in the period whose
    // check-in was answered; the next period's delivery, a month on, asks for a new one.
    const next = addDays((await planRow(planId)).nextDeliveryDate, 30);
    await db().update(subscriptions).set({ nextDeliveryDate: next }).where(eq(subscriptions.id, planId));
    at(addDays(next, -7));
    await round();
    await answerCheckIn(shop.ctx, patient);
    const again = (await renewals(planId)).at(-1)!;
    expect(again).toMatchObject({ deliveryDate: next, variants: [first.variantCode], doseIncrease: false, total: price });
  });

  it('offers a step up once 4 weeks on the current dose have passed by the day the new pen is first used (SmPC 4.2), one step at a time', async () => {
    const { patient, planId, dispatchedOn } = await suppliedPatient();
    // Delivered 20 days after the first pen was dispatched, the next pen is first used when the first runs out, on
    // day 28: after 4 weeks on 0.25 mg, so 0.5 mg may be asked for, but never two steps.
    await db().update(subscriptions).set({ nextDeliveryDate: addDays(dispatchedOn, 20) }).where(eq(subscriptions.id, planId));
    const due = (await planCall(patient, 'GET', `${planId}/plan`)).json<PlanManagement>();
    expect(due.dose.options.map((option) => option.dosage)).toEqual(['0.25 mg', '0.5 mg']);
    expect((await planCall(patient, 'POST', `${planId}/dose`, { variantCode: 'WEGOVY-1MG' })).statusCode).toBe(422);
    expect((await planCall(patient, 'POST', `${planId}/dose`, { variantCode: 'WEGOVY-0-5MG' })).statusCode).toBe(200);
  });

  it('shows the prescriber the supply history as doses and dates in the renewal review', async () => {
    const { patient, planId, dispatchedOn } = await suppliedPatient();
    const delivery = (await planRow(planId)).nextDeliveryDate;
    at(addDays(delivery, -7));
    await round();
    await answerCheckIn(shop.ctx, patient);
    const [renewal] = await renewals(planId);
    const review = (await clinic(shop.prescriber, 'GET', `/orders/${renewal!.number}`)).json();
    expect(review.renewal).toEqual({ deliveryDate: delivery, doseIncrease: false, supplies: [{ productName: 'Wegovy', dosage: '0.25 mg', suppliedOn: dispatchedOn }] });
  });
});
