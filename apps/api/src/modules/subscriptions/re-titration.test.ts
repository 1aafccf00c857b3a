import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, firstRenewalDelivery, nextSubscriptionDelivery, reTitration, ukToday, type OrderReview, type PlanManagement } from '@elmwood/domain';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import { eligibleWeightLossAnswers } from '../../seed/data/questionnaires/sample-answers';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInPatientWithId } from '../../../test/support/account';
import { answerCheckIn } from '../../../test/support/check-in';
import { continuingOrderInReview, NO_GP_CONSENT, signedInStaff, type SignedInStaff, verifyPatient } from '../../../test/support/staff';
import { doseLadder, planSupplies } from './dose-history';

// The dispatch is dated by the database's clock, so the shop's clock starts on the same (real) day.
const shop = renewalShop({}, new Date(`${ukToday(new Date())}T10:00:00Z`));
const { at, db, round, planRow } = shop;

const clinic = (staff: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: staff.cookie }, ...(payload ? { payload } : {}) });

/** A continuing patient on Mounjaro 5 mg whose first order was approved and dispatched today. */
async function onFiveMilligrams() {
  const pharmacist = await signedInStaff(shop.ctx, 'pharmacist');
  const patient = await signedInPatientWithId(shop.ctx.app, db(), { birthday: eligibleWeightLossAnswers.wl_dob });
  const number = await continuingOrderInReview(shop.ctx, patient.cookie, { productCode: 'MOUNJARO', variantCode: 'MOUNJARO-5MG', frequency: 30 });
  await verifyPatient(shop.ctx, shop.prescriber, number);
  expect((await clinic(shop.prescriber, 'POST', `/orders/${number}/approve`, NO_GP_CONSENT)).statusCode).toBe(200);
  const [order] = await db().select().from(orders).where(eq(orders.number, number));
  const [placed] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  const dispatched = await clinic(pharmacist, 'POST', `/orders/${number}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' });
  expect(dispatched.statusCode, dispatched.body).toBe(200);
  const plan = await planRow(placed!.id);
  const [supply] = await planSupplies(db(), plan);
  return { patient, order: order!, placedDelivery: placed!.nextDeliveryDate, plan, dispatchedOn: supply!.suppliedOn };
}

describe('no gaps in supply, and re-titration when there is one', () => {
  it('dates the first renewal from the first supply’s dispatch: before its pen’s last dose, not a month after the order', async () => {
    const { order, placedDelivery, plan, dispatchedOn } = await onFiveMilligrams();
    // At checkout the plan was dated a month after the first delivery window, past the pen's fourth dose.
    expect(placedDelivery).toBe(nextSubscriptionDelivery(order.createdAt, 30));
    expect(placedDelivery > addDays(dispatchedOn, 21)).toBe(true);
    expect(plan.nextDeliveryDate).toBe(firstRenewalDelivery({ productCode: 'MOUNJARO', suppliedOn: dispatchedOn, pens: 1 }));
    expect(plan.nextDeliveryDate < addDays(dispatchedOn, 21)).toBe(true);
    expect(plan.nextDeliveryDate >= addDays(dispatchedOn, 17)).toBe(true);
  });

  it('warns before a pause that means restarting lower; after the pause the renewal is flagged with the dose to restart at, and approved lower it is charged lower', async () => {
    const { patient, plan, dispatchedOn } = await onFiveMilligrams();
    const restartAfter = addDays(dispatchedOn, 21 + 14);
    const page = (await shop.ctx.app.inject({ url: `/shop-api/subscriptions/${plan.id}/plan`, headers: { cookie: patient.cookie } })).json<PlanManagement>();
    expect(page.restartWarning).toEqual({ restartAfter, pausePeriods: [1, 2], skip: true });

    expect((await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/subscriptions/${plan.id}/pause`, headers: { cookie: patient.cookie }, payload: { periods: 1 } })).statusCode).toBe(200);
    const delivery = (await planRow(plan.id)).nextDeliveryDate;
    expect(delivery).toBe(addDays(plan.nextDeliveryDate, 30));
    at(addDays(delivery, -7));
    await round();
    await answerCheckIn(shop.ctx, patient);
    const [renewal] = await db().select({ number: orders.number, id: orders.id, total: orders.total, chargeDate: subscriptionRenewals.chargeDate }).from(subscriptionRenewals).innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId)).where(eq(subscriptionRenewals.subscriptionId, plan.id));
    expect(renewal!.total).toBe(22900);

    const expected = reTitration({ supplies: await planSupplies(db(), plan), doseOn: delivery, steps: await doseLadder(db(), 'MOUNJARO') })!;
    expect(expected.needed).toBe(true);
    const review = (await clinic(shop.prescriber, 'GET', `/orders/${renewal!.number}`)).json<OrderReview>();
    // The check-in was answered with no missed doses (the helper's default): the review shows the patient's 0.
    expect(review.dose).toMatchObject({
      asked: { variantCode: 'MOUNJARO-5MG', dosage: '5 mg' },
      reTitration: { needed: true, outcome: expected.outcome, daysWithoutDose: expected.daysWithoutDose, lastDoseOn: addDays(dispatchedOn, 21), proposed: { variantCode: 'MOUNJARO-2-5MG', dosage: '2.5 mg' }, statedMissedDoses: 0 },
    });
    expect(review.dose!.reTitration!.source).toMatch(/Mounjaro SmPC 4\.2.*Clinic policy/);
    expect(review.dose!.options.map((option) => [option.dosage, option.relation, option.total])).toEqual([
      ['5 mg', 'asked', 22900],
      ['2.5 mg', 'lower', 17900],
    ]);

    const approved = await clinic(shop.prescriber, 'POST', `/orders/${renewal!.number}/approve`, { ...NO_GP_CONSENT, variantCode: 'MOUNJARO-2-5MG', rationale: 'Four weeks without a dose: we restart at 2.5 mg.' });
    expect(approved.statusCode, approved.body).toBe(200);
    at(renewal!.chargeDate);
    await round();
    const charges = await db().select().from(payments).where(eq(payments.orderId, renewal!.id)).orderBy(asc(payments.id));
    expect(charges.map((row) => [row.state, row.amount])).toEqual([['captured', 17900]]);
    expect((await planRow(plan.id)).price).toBe(17900);
  });
});
