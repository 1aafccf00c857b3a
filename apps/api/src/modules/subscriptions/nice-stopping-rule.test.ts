import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, CHECK_IN_RULES, daysBetween, niceStoppingReviewDate, TASK_CODES, ukToday, type OrderReview, type Task } from '@elmwood/domain';
import { orders } from '../../db/schema/orders';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import { eligibleWeightLossAnswers } from '../../seed/data/questionnaires/sample-answers';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { answerCheckIn } from '../../../test/support/check-in';
import { placedOrderNumber } from '../../../test/support/orders';
import { uploadPhoto, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';

const shop = renewalShop({}, new Date());
const { at, db, round, planRow } = shop;
const approve = async (number: string) => {
  await verifyPatient(shop.ctx, shop.prescriber, number);
  const res = await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${number}/approve`, headers: { cookie: shop.prescriber.cookie }, payload: NO_GP_CONSENT });
  expect(res.statusCode, res.body).toBe(200);
};
const review = async (number: string) => (await shop.ctx.app.inject({ url: `/shop-api/clinic/orders/${number}`, headers: { cookie: shop.prescriber.cookie } })).json<OrderReview>();
const niceRuleOf = (order: OrderReview) => order.consultations[0]!.outcome.triggeredRules.find((rule) => rule.ruleId === CHECK_IN_RULES.niceStoppingRule.id);

// The consultation's BMI 32 at 200 cm: 128 kg. BMI 31 at the check-ins is 124 kg, 3.1 % lost (under NICE's 5 %).
const LITTLE_LOST_BMI = 31;

/**
 * A patient who already takes Wegovy 2.4 mg (the licence's maintenance dose) starts a 3-monthly plan at that dose
 * on `start` (today: checkout dates the plan by the real calendar), its first order approved that day: on the
 * maintenance dose from then.
 */
async function onMaintenanceFrom(start: string) {
  at(start);
  const patient = await signedInPatientWithId(shop.ctx.app, db(), { birthday: eligibleWeightLossAnswers.wl_dob });
  // The consultation judges the last dose's date by the real calendar (the quiz reads no test clock).
  const answers = { wl_current_injection: 'WEGOVY|||WEGOVY-2-4MG', wl_last_dose_date: addDays(ukToday(new Date()), -6) };
  const orderNumber = await placedOrderNumber(shop.ctx.app, patient.cookie, { answers, items: [{ productCode: 'WEGOVY', variantCode: 'WEGOVY-2-4MG', frequency: 90 }] });
  await uploadPhoto(shop.ctx, patient.cookie, 'I');
  await uploadPhoto(shop.ctx, patient.cookie, 'W');
  const tasks = (await shop.ctx.app.inject({ url: '/shop-api/tasks', headers: { cookie: patient.cookie } })).json<Task[]>();
  await uploadPhoto(shop.ctx, patient.cookie, 'P', tasks.find((task) => task.taskDefinition.code === TASK_CODES.prescriptionPhoto)!.id);
  await approve(orderNumber);
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  return { patient, planId: plan!.id };
}

/** The next delivery's check-in, answered `daysAhead` days before it with `bmi`: its renewal order, in review. */
async function checkedIn(patient: Patient, planId: string, daysAhead: number, bmi: number) {
  const delivery = (await planRow(planId)).nextDeliveryDate;
  at(addDays(delivery, -7));
  await round();
  at(addDays(delivery, -daysAhead));
  await answerCheckIn(shop.ctx, patient, { bmi });
  const [row] = await db()
    .select({ number: orders.number, state: orders.state })
    .from(subscriptionRenewals)
    .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
    .where(and(eq(subscriptionRenewals.subscriptionId, planId), eq(subscriptionRenewals.deliveryDate, delivery)));
  expect(row).toMatchObject({ state: 'in_review' });
  return { delivery, answeredOn: addDays(delivery, -daysAhead), number: row!.number };
}

/** The prescriber approves the renewal and the card is charged on its charge date: the plan moves on. */
async function supplied(planId: string, renewal: { delivery: string; number: string }) {
  await approve(renewal.number);
  at(addDays(renewal.delivery, -3));
  await round();
  expect(await planRow(planId)).toMatchObject({ state: 'active', nextDeliveryDate: addDays(renewal.delivery, 90) });
}

describe("NICE's stopping rule at the check-in", () => {
  it('is flagged for the prescriber once 6 months of approved maintenance-dose supplies show under 5 % lost', async () => {
    // Checkout and the plan's dates run on the real calendar: the patient starts today, on 2.4 mg from today.
    const start = ukToday(new Date());
    const { patient, planId } = await onMaintenanceFrom(start);
    const sixMonths = niceStoppingReviewDate(start)!;

    const first = await checkedIn(patient, planId, 4, LITTLE_LOST_BMI);
    expect(niceRuleOf(await review(first.number))).toBeUndefined();
    await supplied(planId, first);

    // The next check-in, about 6 months in: days short of 6 months on the maintenance dose. Its delivery falls from 2
    // days before to 5 days after that date, as the calendar (weekends, bank holidays) moves the first one; it is
    // answered 4 days ahead, or earlier when that would not be short of 6 months.
    const secondDelivery = (await planRow(planId)).nextDeliveryDate;
    const second = await checkedIn(patient, planId, Math.max(4, daysBetween(sixMonths, secondDelivery)! + 1), LITTLE_LOST_BMI);
    expect(second.answeredOn < sixMonths).toBe(true);
    expect(second.answeredOn >= addDays(sixMonths, -7)).toBe(true);
    expect(niceRuleOf(await review(second.number))).toBeUndefined();
    await supplied(planId, second);

    // The one after, 3 months later: past 6 months on it, still 3.1 % lost.
    const third = await checkedIn(patient, planId, 4, LITTLE_LOST_BMI);
    expect(third.answeredOn >= sixMonths).toBe(true);
    const order = await review(third.number);
    const rule = niceRuleOf(order);
    expect(rule).toMatchObject({
      level: 'review',
      summary: CHECK_IN_RULES.niceStoppingRule.summary,
      source: CHECK_IN_RULES.niceStoppingRule.source,
      rationale: CHECK_IN_RULES.niceStoppingRule.rationale,
    });
    // Shown to the prescriber beside the weight it read; the supply is theirs to decide (still in review, not stopped).
    expect(order.consultations[0]!.answers.find((answer) => answer.questionId === 'ci_bmi')!.rules).toEqual([expect.objectContaining({ ruleId: CHECK_IN_RULES.niceStoppingRule.id })]);
    expect((await planRow(planId)).state).toBe('renewal_ordered');
  });

  it('is not flagged after 6 months on the maintenance dose when 5 % or more was lost', async () => {
    const { patient, planId } = await onMaintenanceFrom(ukToday(new Date()));
    await supplied(planId, await checkedIn(patient, planId, 4, LITTLE_LOST_BMI));
    await supplied(planId, await checkedIn(patient, planId, 4, LITTLE_LOST_BMI));
    // BMI 30.4 at 200 cm: 121.6 kg, exactly 5 % of 128 kg lost.
    const third = await checkedIn(patient, planId, 4, 30.4);
    expect(niceRuleOf(await review(third.number))).toBeUndefined();
  });
});
