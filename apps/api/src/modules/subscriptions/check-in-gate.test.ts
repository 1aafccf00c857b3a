import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, CHECK_IN_RULES, PLAN_MESSAGES, type OrderReview, type PlanManagement, type ReviewQueue, type Task } from '@elmwood/domain';
import { mailOutbox } from '../../db/schema/customers';
import { notifications } from '../../db/schema/notifications';
import { orders } from '../../db/schema/orders';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import { sandboxPayments } from '../../db/schema/sandbox-gateway';
import { subscriptionHistory } from '../../lifecycle/index';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { deliverNotifications } from '../../../test/support/notifications';
import { answerCheckIn as answerCheckInTask } from '../../../test/support/check-in';
import { orderInReview, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';

const shop = renewalShop();
const { at, db, round, planRow } = shop;
const renewalOrders = (planId: string) =>
  db()
    .select({ number: orders.number, state: orders.state, paymentState: orders.paymentState })
    .from(subscriptionRenewals)
    .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
    .where(eq(subscriptionRenewals.subscriptionId, planId))
    .orderBy(asc(subscriptionRenewals.deliveryDate));
/** Every merchant-initiated (renewal) charge the sandbox gateway saw for this patient's orders. */
const renewalCharges = async (customerId: number) => {
  const numbers = (await db().select({ number: orders.number }).from(orders).where(eq(orders.customerId, customerId))).map((row) => row.number);
  const charges = await db().select().from(sandboxPayments).where(eq(sandboxPayments.merchantInitiated, true));
  return charges.filter((charge) => numbers.includes(charge.reference));
};
const outcomeMessages = (customerId: number) =>
  db()
    .select({ data: notifications.data, channel: notifications.channel })
    .from(notifications)
    .where(and(eq(notifications.template, 'check-in-outcome'), eq(notifications.customerId, customerId)));
const staffGet = <T>(url: string) => shop.ctx.app.inject({ url: `/shop-api/clinic${url}`, headers: { cookie: shop.prescriber.cookie } }).then((res) => res.json<T>());

/** A patient on a monthly Wegovy plan whose first order a prescriber approved, with the renewal now due (check-in issued). */
async function patientWithRenewalDue() {
  at('2026-11-23');
  const patient = await signedInPatientWithId(shop.ctx.app, db());
  const { orderNumber } = await orderInReview(shop.ctx, patient.cookie);
  await verifyPatient(shop.ctx, shop.prescriber, orderNumber);
  const approved = await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${orderNumber}/approve`, headers: { cookie: shop.prescriber.cookie }, payload: NO_GP_CONSENT });
  expect(approved.statusCode, approved.body).toBe(200);
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  const delivery = plan!.nextDeliveryDate;
  at(addDays(delivery, -7));
  await round();
  expect((await planRow(plan!.id)).state).toBe('renewal_due');
  return { patient, planId: plan!.id, delivery };
}

/** Answers the open check-in task through the account's questionnaire, as the patient does; answers the task as the page then shows it. */
async function answerCheckIn(patient: Patient, { sideEffects = ['none'], pregnancy = 'no' }: { sideEffects?: string[]; pregnancy?: string } = {}): Promise<Task> {
  const taskId = await answerCheckInTask(shop.ctx, patient, { sideEffects, pregnancy, gettingOn: 'okay' });
  // The page then finds the task among the completed ones and shows its popup.
  const completed = await shop.ctx.app.inject({ url: '/shop-api/tasks?state=completed', headers: { cookie: patient.cookie } });
  expect(completed.statusCode, completed.body).toBe(200);
  return completed.json<Task[]>().find((candidate) => candidate.id === taskId)!;
}

/** The plan stays stopped through the charge date and the delivery date: no renewal order, nothing charged; the patient cannot restart it. */
async function expectNoSupply(patient: Patient, planId: string, delivery: string) {
  const page = await shop.ctx.app.inject({ url: `/shop-api/subscriptions/${planId}/plan`, headers: { cookie: patient.cookie } });
  expect(page.json<PlanManagement>()).toMatchObject({ state: 'suspended', supplyStopped: true, nextCharge: null, actions: { resume: false } });
  const resume = await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/subscriptions/${planId}/resume`, headers: { cookie: patient.cookie } });
  expect(resume.statusCode).toBe(409);
  expect(resume.json()).toMatchObject({ code: 'PLAN_STOPPED_AFTER_CHECK_IN', message: PLAN_MESSAGES.supplyStopped });
  for (const day of [-3, 0]) {
    at(addDays(delivery, day), '00:15');
    await round();
    await round();
  }
  expect((await planRow(planId)).state).toBe('suspended');
  expect(await renewalOrders(planId)).toEqual([]);
  expect(await renewalCharges(patient.customerId)).toEqual([]);
}

describe('the check-in before each supply', () => {
  it('stops the supply on severe stomach pain (possible pancreatitis): no renewal order, no charge, plan suspended, the patient told to seek care', async () => {
    const { patient, planId, delivery } = await patientWithRenewalDue();
    const task = await answerCheckIn(patient, { sideEffects: ['nausea', 'severe_stomach_pain'] });

    expect((await planRow(planId)).state).toBe('suspended');
    expect(await renewalOrders(planId)).toEqual([]);
    const stop = (await subscriptionHistory(db(), planId)).at(-1)!;
    expect(stop).toMatchObject({ event: 'supply_stopped', fromState: 'renewal_due', toState: 'suspended', actorType: 'job', reason: CHECK_IN_RULES.possiblePancreatitis.summary });
    expect(stop.data).toMatchObject({ deliveryDate: delivery, ruleIds: [CHECK_IN_RULES.possiblePancreatitis.id] });

    // Told on the page at once, and by email.
    expect(task.details.configuration.outcomePopup).toEqual({ title: 'We have paused your next delivery', message: expect.stringMatching(/^.+ One of our prescribers will phone you on the number in your account by /) });
    expect((task.details.configuration.outcomePopup as { message: string }).message.startsWith(CHECK_IN_RULES.possiblePancreatitis.patientMessage)).toBe(true);
    expect(await outcomeMessages(patient.customerId)).toEqual([{ channel: 'email', data: { ruleIds: [CHECK_IN_RULES.possiblePancreatitis.id], supplyStopped: true, contactBy: new Date(shop.clock.getTime() + 24 * 3_600_000).toISOString() } }]);
    await deliverNotifications({ app: shop.ctx.app, db: db() }, shop.clock);
    const [mail] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, patient.email), eq(mailOutbox.subject, 'Important: we have paused your next delivery')));
    expect(mail?.text).toContain('Please contact your GP or NHS 111 today');

    await expectNoSupply(patient, planId, delivery);
  });

  it('stops the supply in pregnancy likewise, telling the patient not to take another dose', async () => {
    const { patient, planId, delivery } = await patientWithRenewalDue();
    const task = await answerCheckIn(patient, { pregnancy: 'pregnant' });

    expect((await planRow(planId)).state).toBe('suspended');
    expect((await subscriptionHistory(db(), planId)).at(-1)).toMatchObject({ event: 'supply_stopped', reason: CHECK_IN_RULES.pregnant.summary });
    expect((task.details.configuration.outcomePopup as { message: string }).message.startsWith(`${CHECK_IN_RULES.pregnant.patientMessage} One of our prescribers will phone you`)).toBe(true);
    expect(await outcomeMessages(patient.customerId)).toMatchObject([{ data: { ruleIds: [CHECK_IN_RULES.pregnant.id], supplyStopped: true } }]);
    await expectNoSupply(patient, planId, delivery);
  });

  it('still orders the renewal on low mood, with the urgent rule, its source and rationale beside the answer, first in the queue and marked urgent', async () => {
    const { patient, planId } = await patientWithRenewalDue();
    const task = await answerCheckIn(patient, { sideEffects: ['low_mood'] });

    expect((await planRow(planId)).state).toBe('renewal_ordered');
    const [renewal] = await renewalOrders(planId);
    expect(renewal).toMatchObject({ state: 'in_review', paymentState: 'awaiting_charge' });
    // The patient is told where to get support now.
    // ... and when a prescriber will phone, in calling hours (the urgent item's due time), never 'today' regardless.
    const popup = task.details.configuration.outcomePopup as { title: string; message: string };
    expect(popup.title).toBe('One of our prescribers will phone you');
    expect(popup.message.startsWith(`${CHECK_IN_RULES.lowMood.patientMessage} One of our prescribers will phone you on the number in your account by `)).toBe(true);
    expect(popup.message).toMatch(/by \d{1,2}:\d{2}(am|pm) on \w+day \d{1,2} \w+\./);
    expect(await outcomeMessages(patient.customerId)).toMatchObject([{ data: { ruleIds: [CHECK_IN_RULES.lowMood.id], supplyStopped: false } }]);

    const review = await staffGet<OrderReview>(`/orders/${renewal!.number}`);
    const [checkIn] = review.consultations;
    const lowMood = { ruleId: CHECK_IN_RULES.lowMood.id, level: 'urgent', source: CHECK_IN_RULES.lowMood.source, rationale: CHECK_IN_RULES.lowMood.rationale };
    expect(checkIn!.answers.find((answer) => answer.questionId === 'ci_side_effects')!.rules).toEqual([expect.objectContaining(lowMood)]);
    expect(checkIn!.outcome.triggeredRules).toEqual([expect.objectContaining(lowMood)]);

    const queue = await staffGet<ReviewQueue>('/reviews?tab=ready');
    expect(queue.orders[0]).toMatchObject({ orderNumber: renewal!.number, isRenewal: true, urgent: true });
  });

  it('renews after a check-in without warning signs, with no rule, no urgent mark and no extra message', async () => {
    const { patient, planId } = await patientWithRenewalDue();
    const task = await answerCheckIn(patient, { sideEffects: ['nausea'] });

    expect((await planRow(planId)).state).toBe('renewal_ordered');
    const [renewal] = await renewalOrders(planId);
    expect(renewal).toMatchObject({ state: 'in_review', paymentState: 'awaiting_charge' });
    expect(task.details.configuration).not.toHaveProperty('outcomePopup');
    expect(await outcomeMessages(patient.customerId)).toEqual([]);
    const review = await staffGet<OrderReview>(`/orders/${renewal!.number}`);
    expect(review.consultations[0]!.outcome.triggeredRules).toEqual([]);
    const queue = await staffGet<ReviewQueue>('/reviews?tab=ready');
    expect(queue.orders.find((order) => order.orderNumber === renewal!.number)).toMatchObject({ urgent: false });
  });
});
