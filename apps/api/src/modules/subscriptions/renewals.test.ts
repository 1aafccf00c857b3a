import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, planChangeCutOff, type PlanManagement, type ReviewQueue } from '@elmwood/domain';
import { staffAuditLog } from '../../db/schema/clinic';
import { notifications } from '../../db/schema/notifications';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import { sandboxPayments, sandboxSources } from '../../db/schema/sandbox-gateway';
import { subscriptionHistory } from '../../lifecycle/index';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { answerCheckIn as answerCheckInTask } from '../../../test/support/check-in';
import { orderInReview, signedInStaff, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';

const shop = renewalShop();
const { at, db, round, planRow } = shop;
/** The patient messages the shop committed to send (the notifications outbox), oldest first. */
const outbox = async (template: string, customerId?: number) =>
  db()
    .select({ dedupeKey: notifications.dedupeKey, data: notifications.data, channel: notifications.channel, customerId: notifications.customerId })
    .from(notifications)
    .where(and(eq(notifications.template, template), customerId === undefined ? undefined : eq(notifications.customerId, customerId)))
    .orderBy(asc(notifications.id));
const renewalOrders = (planId: string) =>
  db()
    .select({ number: orders.number, state: orders.state, paymentState: orders.paymentState, total: orders.total, deliveryDate: subscriptionRenewals.deliveryDate })
    .from(subscriptionRenewals)
    .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
    .where(eq(subscriptionRenewals.subscriptionId, planId))
    .orderBy(asc(subscriptionRenewals.deliveryDate));
/** Renewal charges as the sandbox gateway recorded them (the provider's side). */
const mitCharges = (reference?: string) =>
  db()
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.merchantInitiated, true), reference ? eq(sandboxPayments.reference, reference) : undefined))
    .orderBy(asc(sandboxPayments.createdAt));
const staffPost = (url: string, payload?: object) =>
  shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic${url}`, headers: { cookie: shop.prescriber.cookie }, ...(payload ? { payload } : {}) });
const approve = async (number: string) => {
  await verifyPatient(shop.ctx, shop.prescriber, number);
  const res = await staffPost(`/orders/${number}/approve`, NO_GP_CONSENT);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { paymentState: string };
};
const patientCall = (patient: Patient, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.ctx.app.inject({ method, url: `/shop-api/subscriptions/${url}`, headers: { cookie: patient.cookie }, ...(payload ? { payload } : {}) });

interface Subscribed {
  patient: Patient;
  planId: string;
  orderNumber: string;
  /** The checkout payment that stored the card. */
  checkoutPaymentId: string;
}

/** A patient who bought a monthly Wegovy plan through checkout (card saved), whose first order a prescriber approved. */
async function subscribedPatient(): Promise<Subscribed> {
  const patient = await signedInPatientWithId(shop.ctx.app, db());
  const { orderNumber } = await orderInReview(shop.ctx, patient.cookie);
  await approve(orderNumber);
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  const [checkout] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, orderNumber));
  return { patient, planId: plan!.id, orderNumber, checkoutPaymentId: checkout!.id };
}

const answerCheckIn = (patient: Patient) => answerCheckInTask(shop.ctx, patient);

/** A subscribed patient a week before their next delivery, their check-in answered: the renewal order waits for a prescriber. */
async function renewalInReview() {
  at('2026-11-23');
  const { patient, planId } = await subscribedPatient();
  const delivery = (await planRow(planId)).nextDeliveryDate;
  at(addDays(delivery, -7));
  await round();
  await answerCheckIn(patient);
  return { patient, planId, delivery, renewal: await latestRenewal(planId) };
}

async function latestRenewal(planId: string) {
  return (await renewalOrders(planId)).at(-1)!;
}

describe('a monthly plan renewing', () => {
  it('renews three times with one merchant-initiated charge each, on the saved card, naming the payment that stored it', async () => {
    at('2026-11-23');
    const { patient, planId, checkoutPaymentId } = await subscribedPatient();
    const price = (await planRow(planId)).price;
    for (let period = 1; period <= 3; period += 1) {
      const delivery = (await planRow(planId)).nextDeliveryDate;
      at(addDays(delivery, -8));
      await round();
      expect((await planRow(planId)).state).toBe('active');

      at(addDays(delivery, -7));
      await round();
      expect((await planRow(planId)).state).toBe('renewal_due');
      expect(await renewalOrders(planId)).toHaveLength(period - 1);

      await answerCheckIn(patient);
      expect((await planRow(planId)).state).toBe('renewal_ordered');
      const renewal = await latestRenewal(planId);
      expect(renewal).toMatchObject({ state: 'in_review', paymentState: 'awaiting_charge', total: price, deliveryDate: delivery });

      // The prescriber sees it in the queue marked as a renewal; approving before the charge date takes nothing yet.
      const queue = (await shop.ctx.app.inject({ url: '/shop-api/clinic/reviews?tab=ready', headers: { cookie: shop.prescriber.cookie } })).json<ReviewQueue>();
      expect(queue.orders.find((order) => order.orderNumber === renewal.number)).toMatchObject({ isRenewal: true });
      expect((await approve(renewal.number)).paymentState).toBe('awaiting_charge');
      expect(await mitCharges(renewal.number)).toHaveLength(0);

      at(addDays(delivery, -6));
      await round();
      at(addDays(delivery, -5));
      await round();
      // One 'renewal coming' message per delivery, however many rounds see it due.
      expect((await outbox('renewal-coming', patient.customerId)).filter((row) => row.dedupeKey === `renewal-coming:${planId}:${delivery}`)).toMatchObject([
        { channel: 'email', data: { subscriptionId: planId, chargeDate: addDays(delivery, -3), amount: price } },
      ]);

      at(addDays(delivery, -3), '00:15');
      await round();
      await round();
      expect((await planRow(planId)).state).toBe('active');
      expect((await planRow(planId)).nextDeliveryDate).toBe(addDays(delivery, 30));
      expect(await latestRenewal(planId)).toMatchObject({ state: 'approved', paymentState: 'captured' });
    }
    const charges = await mitCharges();
    const ours = charges.filter((charge) => charge.previousPaymentId === checkoutPaymentId);
    expect(ours).toHaveLength(3);
    expect(ours.map((charge) => [charge.status, charge.amount, charge.merchantInitiated])).toEqual(Array(3).fill(['captured', price, true]));
    const renewalIds = (await db().select({ id: subscriptionRenewals.orderId }).from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, planId))).map((row) => row.id);
    const shopPayments = await db().select().from(payments).where(inArray(payments.orderId, renewalIds));
    expect(shopPayments.map((payment) => [payment.attempt, payment.state, payment.method])).toEqual(Array(3).fill([1, 'captured', 'saved-card']));
    expect((await subscriptionHistory(db(), planId)).map((row) => row.event)).toEqual(Array(3).fill(['renewal_due', 'renewal_ordered', 'renewal_charged']).flat());
  });

  it('blocks the renewal until the check-in is answered: no order, no charge, overdue from the charge date; answered late, it goes ahead', async () => {
    at('2026-11-23');
    const { patient, planId } = await subscribedPatient();
    const delivery = (await planRow(planId)).nextDeliveryDate;
    at(addDays(delivery, -7));
    await round();
    at(addDays(delivery, -5));
    await round();
    expect(await renewalOrders(planId)).toEqual([]);
    at(addDays(delivery, -3));
    await round();
    expect((await planRow(planId)).state).toBe('check_in_overdue');
    expect(await renewalOrders(planId)).toEqual([]);

    at(addDays(delivery, -1));
    await answerCheckIn(patient);
    const renewal = await latestRenewal(planId);
    // The prescriber reviews the check-in answers, copied onto the renewal.
    const review = (await shop.ctx.app.inject({ url: `/shop-api/clinic/orders/${renewal.number}`, headers: { cookie: shop.prescriber.cookie } })).json();
    expect(review.renewal).toEqual({ deliveryDate: delivery, doseIncrease: false, supplies: [] });
    expect(review.consultations.map((consultation: { questionnaireSlug: string }) => consultation.questionnaireSlug)).toEqual(['weight-loss-check-in']);
    // Past its charge date, approval charges at once.
    expect((await approve(renewal.number)).paymentState).toBe('captured');
    expect(await mitCharges(renewal.number)).toHaveLength(1);
    expect(await planRow(planId)).toMatchObject({ state: 'active', nextDeliveryDate: addDays(delivery, 30) });
  });

  it('retries a declined renewal on days 1, 3 and 7 after the first decline, then suspends the plan and gives the order up', async () => {
    const { patient, planId, delivery, renewal } = await renewalInReview();
    await approve(renewal.number);
    // The patient's bank starts refusing the saved card.
    const [origin] = await db().select({ sourceId: sandboxPayments.sourceId }).from(sandboxPayments).where(eq(sandboxPayments.reference, (await db().select().from(orders).where(eq(orders.id, (await planRow(planId)).orderId)))[0]!.number));
    await db().update(sandboxSources).set({ behaviour: 'decline' }).where(eq(sandboxSources.id, origin!.sourceId));

    const chargeDay = addDays(delivery, -3);
    const tries = async () => (await mitCharges(renewal.number)).length;
    at(chargeDay);
    await round();
    expect(await tries()).toBe(1);
    expect((await planRow(planId)).state).toBe('payment_failed');
    expect((await outbox('payment-failed', patient.customerId)).map((row) => row.data)).toEqual([
      { subscriptionId: planId, orderNumber: renewal.number, nextAttemptDate: addDays(chargeDay, 1) },
    ]);
    const page = (await patientCall(patient, 'GET', `${planId}/plan`)).json<PlanManagement>();
    expect(page.retry).toEqual({ nextAttempt: addDays(chargeDay, 1) });

    for (const [day, expected] of [
      [0, 1],
      [1, 2],
      [2, 2],
      [3, 3],
      [6, 3],
    ] as const) {
      at(addDays(chargeDay, day), '23:00');
      await round();
      expect(await tries(), `tries by day ${day}`).toBe(expected);
      expect((await planRow(planId)).state).toBe('payment_failed');
    }
    at(addDays(chargeDay, 7));
    await round();
    await round();
    expect(await tries()).toBe(4);
    expect((await planRow(planId)).state).toBe('suspended');
    expect(await latestRenewal(planId)).toMatchObject({ state: 'cancelled', paymentState: 'charge_declined' });
    expect((await outbox('payment-failed', patient.customerId)).map((row) => row.data.nextAttemptDate)).toEqual([1, 3, 7].map((day) => addDays(chargeDay, day)));
    expect(await outbox('plan-suspended', patient.customerId)).toMatchObject([{ data: { subscriptionId: planId } }]);
    at(addDays(chargeDay, 30));
    await round();
    expect(await tries()).toBe(4);
  });

  it('charges the retry once the patient’s card works again, and carries on', async () => {
    const { planId, delivery, renewal } = await renewalInReview();
    await approve(renewal.number);
    const origin = (await db().select().from(orders).where(eq(orders.id, (await planRow(planId)).orderId)))[0]!;
    const [source] = await db().select({ id: sandboxPayments.sourceId }).from(sandboxPayments).where(eq(sandboxPayments.reference, origin.number));
    await db().update(sandboxSources).set({ behaviour: 'decline' }).where(eq(sandboxSources.id, source!.id));
    at(addDays(delivery, -3));
    await round();
    await db().update(sandboxSources).set({ behaviour: 'authorise' }).where(eq(sandboxSources.id, source!.id));
    at(addDays(delivery, -2));
    await round();
    expect((await mitCharges(renewal.number)).map((charge) => charge.status)).toEqual(['declined', 'captured']);
    expect(await planRow(planId)).toMatchObject({ state: 'active', nextDeliveryDate: addDays(delivery, 30) });
  });

  it('charges once when two rounds run at the same time', async () => {
    at('2026-11-23');
    const { patient, planId } = await subscribedPatient();
    const delivery = (await planRow(planId)).nextDeliveryDate;
    at(addDays(delivery, -7));
    await Promise.all([round(), round()]);
    await answerCheckIn(patient);
    await Promise.all([round(), round()]);
    expect(await renewalOrders(planId)).toHaveLength(1);
    const renewal = await latestRenewal(planId);
    await approve(renewal.number);
    at(addDays(delivery, -3));
    await Promise.all([round(), round(), shop.ctx.app.paymentActions.run((await db().select().from(orders).where(eq(orders.number, renewal.number)))[0]!.id, 'charge', shop.clock)]);
    expect(await mitCharges(renewal.number)).toHaveLength(1);
    expect((await planRow(planId)).nextDeliveryDate).toBe(addDays(delivery, 30));
  });

  it('stops the plan when the prescriber rejects the renewal, charging nothing', async () => {
    const { patient, planId, delivery, renewal } = await renewalInReview();
    const res = await staffPost(`/orders/${renewal.number}/reject`, { reasonCode: 'other', note: 'Please book a call with us first.' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await planRow(planId)).state).toBe('suspended');
    expect(await outbox('plan-suspended', patient.customerId)).toMatchObject([{ data: { subscriptionId: planId, reason: 'clinician' } }]);
    at(addDays(delivery, -3));
    await round();
    expect(await mitCharges(renewal.number)).toHaveLength(0);
  });
});

describe('support cancelling a renewal order', () => {
  it('puts its plan on hold (not left waiting for an order that never comes), charging nothing, and the patient can restart it', async () => {
    const { patient, planId, delivery, renewal } = await renewalInReview();
    expect((await planRow(planId)).state).toBe('renewal_ordered');
    const support = await signedInStaff(shop.ctx, 'support');
    const cancel = () =>
      shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${renewal.number}/cancel`, headers: { cookie: support.cookie }, payload: { reason: 'Patient asked by phone to stop this month' } });
    const res = await cancel();
    expect(res.statusCode, res.body).toBe(200);
    expect((await planRow(planId)).state).toBe('suspended');
    expect((await subscriptionHistory(db(), planId)).at(-1)).toMatchObject({ event: 'renewal_cancelled', actorType: 'support', reason: 'Patient asked by phone to stop this month' });
    expect(await outbox('plan-suspended', patient.customerId)).toMatchObject([{ data: { subscriptionId: planId, reason: 'cancelled' } }]);
    // A repeat of the cancel moves nothing and tells nobody twice.
    await cancel();
    expect(await outbox('plan-suspended', patient.customerId)).toHaveLength(1);

    at(addDays(delivery, -3));
    await round();
    expect(await mitCharges(renewal.number)).toHaveLength(0);
    expect(await renewalOrders(planId)).toMatchObject([{ number: renewal.number, state: 'cancelled' }]);

    const resumed = await patientCall(patient, 'POST', `${planId}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect((await planRow(planId)).state).toBe('active');
  });
});

describe('the patient changing the plan', () => {
  it('pauses for two deliveries, resumes and skips, the dates moving each time', async () => {
    at('2026-11-23');
    const { patient, planId } = await subscribedPatient();
    const delivery = (await planRow(planId)).nextDeliveryDate;
    at(addDays(delivery, -20));
    const paused = await patientCall(patient, 'POST', `${planId}/pause`, { periods: 2 });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().plan).toMatchObject({ state: 'paused', nextDelivery: addDays(delivery, 60), pausedUntil: addDays(delivery, 60), actions: { resume: true, pause: false } });

    const resumed = (await patientCall(patient, 'POST', `${planId}/resume`)).json();
    expect(resumed.plan).toMatchObject({ state: 'active', nextDelivery: delivery });

    const skipped = (await patientCall(patient, 'POST', `${planId}/skip`)).json();
    expect(skipped.plan).toMatchObject({ state: 'active', nextDelivery: addDays(delivery, 30), changeCutOff: planChangeCutOff(addDays(delivery, 30)) });
    expect(skipped.plan.nextCharge).toMatchObject({ date: addDays(delivery, 27), amount: (await planRow(planId)).price });
    expect(skipped.message).toContain('Your next delivery is now on');
    expect((await outbox('plan-changed', patient.customerId)).map((row) => [row.data.change, row.data.nextDeliveryDate])).toEqual([
      ['paused', addDays(delivery, 60)],
      ['resumed', delivery],
      ['skipped', addDays(delivery, 30)],
    ]);

    // A paused plan comes back by itself in time for its next delivery's check-in.
    await patientCall(patient, 'POST', `${planId}/pause`, { periods: 1 });
    const pausedUntil = (await planRow(planId)).nextDeliveryDate;
    at(addDays(pausedUntil, -7));
    await round();
    expect((await planRow(planId)).state).toBe('renewal_due');
  });

  it('applies a cancellation asked for after the cut-off from the following period: the coming delivery goes ahead', async () => {
    at('2026-11-23');
    const { patient, planId } = await subscribedPatient();
    const delivery = (await planRow(planId)).nextDeliveryDate;
    at(addDays(planChangeCutOff(delivery), 1), '09:00');
    const res = await patientCall(patient, 'POST', `${planId}/cancel`, { reason: 'Side effects' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Your plan will end after your delivery on/);
    // A plan set to end no longer offers 'Cancel anytime'.
    expect(res.json().plan).toMatchObject({ state: 'active', term: null, scheduledChange: { kind: 'cancel', appliesAfter: delivery }, actions: { cancel: false } });

    await round();
    await answerCheckIn(patient);
    const renewal = await latestRenewal(planId);
    await approve(renewal.number);
    at(addDays(delivery, -3));
    await round();
    expect(await mitCharges(renewal.number)).toHaveLength(1);
    expect((await planRow(planId)).state).toBe('cancelled');
    at(addDays(delivery, 30 - 7));
    await round();
    expect(await renewalOrders(planId)).toHaveLength(1);
    const page = (await patientCall(patient, 'GET', `${planId}/plan`)).json<PlanManagement>();
    expect(page).toMatchObject({ state: 'cancelled', term: null, nextDelivery: null, nextCharge: null });
  });

  it('cancels at once before the cut-off, and pauses after it only from the following delivery', async () => {
    at('2026-11-23');
    const early = await subscribedPatient();
    const earlyDelivery = (await planRow(early.planId)).nextDeliveryDate;
    at(addDays(earlyDelivery, -12));
    const before = (await patientCall(early.patient, 'GET', `${early.planId}/plan`)).json<PlanManagement>();
    expect(before.term).toBe('Cancel anytime');
    const cancelled = await patientCall(early.patient, 'POST', `${early.planId}/cancel`, { reason: 'I have reached my goal' });
    expect(cancelled.json().plan).toMatchObject({ state: 'cancelled', term: null });
    expect((await subscriptionHistory(db(), early.planId)).at(-1)).toMatchObject({ event: 'cancelled', reason: 'I have reached my goal', actorType: 'patient' });

    at('2026-11-23');
    const late = await subscribedPatient();
    const delivery = (await planRow(late.planId)).nextDeliveryDate;
    at(addDays(delivery, -5));
    await round();
    const paused = await patientCall(late.patient, 'POST', `${late.planId}/pause`, { periods: 1 });
    expect(paused.json().message).toBe(`The change applies from your delivery on ${formatLong(addDays(delivery, 30))}: your coming delivery is already being prepared.`);
    await answerCheckIn(late.patient);
    await approve((await latestRenewal(late.planId)).number);
    at(addDays(delivery, -3));
    await round();
    expect(await planRow(late.planId)).toMatchObject({ state: 'paused', nextDeliveryDate: addDays(delivery, 60) });
  });

  it('offers the lower, same and higher dose; a higher one goes to the prescriber with the renewal at the new price', async () => {
    at('2026-11-23');
    const { patient, planId, orderNumber } = await subscribedPatient();
    // Doses step from what was supplied: the first order is dispatched.
    const pharmacist = await signedInStaff(shop.ctx, 'pharmacist');
    const dispatch = (number: string) =>
      shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${number}/dispatch`, headers: { cookie: pharmacist.cookie }, payload: { carrier: 'dpd', trackingNumber: '12345678901234' } });
    expect((await dispatch(orderNumber)).statusCode).toBe(200);
    const plan = (await patientCall(patient, 'GET', `${planId}/plan`)).json<PlanManagement>();
    expect(plan.dose.options.map((option) => [option.dosage, option.relation, option.needsPrescriber])).toEqual([
      ['0.25 mg', 'same', false],
      ['0.5 mg', 'higher', true],
    ]);
    expect((await patientCall(patient, 'POST', `${planId}/dose`, { variantCode: 'WEGOVY-2-4MG' })).statusCode).toBe(422);
    const changed = await patientCall(patient, 'POST', `${planId}/dose`, { variantCode: 'WEGOVY-0-5MG' });
    expect(changed.json().message).toMatch(/A prescriber will check your answers before increasing your dose/);
    expect(changed.json().plan.nextCharge.amount).toBe(16900);

    const delivery = (await planRow(planId)).nextDeliveryDate;
    at(addDays(delivery, -7));
    await round();
    await answerCheckIn(patient);
    const renewal = await latestRenewal(planId);
    const review = (await shop.ctx.app.inject({ url: `/shop-api/clinic/orders/${renewal.number}`, headers: { cookie: shop.prescriber.cookie } })).json();
    expect(review.renewal.doseIncrease).toBe(true);
    expect(review.items.map((item: { variantCode: string }) => item.variantCode)).toEqual(['WEGOVY-0-5MG']);
    expect(review.totals.total).toBe(16900);
    await approve(renewal.number);
    at(addDays(delivery, -3));
    await round();
    expect((await mitCharges(renewal.number)).map((charge) => charge.amount)).toEqual([16900]);
    expect((await dispatch(renewal.number)).statusCode).toBe(200);
    // Once supplied, the new dose and its price carry on to the following renewals.
    const after = (await patientCall(patient, 'GET', `${planId}/plan`)).json<PlanManagement>();
    expect(after.nextCharge!.amount).toBe(16900);
    expect(after.dose).toMatchObject({ current: '0.5 mg', requested: null });
    expect(after.dose.options.map((option) => option.dosage)).toEqual(['0.25 mg', '0.5 mg', '1 mg']);
  });

  it('keeps a 3-month plan to its term unless support helps, and says so', async () => {
    at('2026-11-23');
    const { patient, planId } = await subscribedPatient();
    await db().update(subscriptions).set({ planMonths: 3 }).where(eq(subscriptions.id, planId));
    const page = (await patientCall(patient, 'GET', `${planId}/plan`)).json<PlanManagement>();
    expect(page).toMatchObject({ term: 'Renew or cancel after 3 months', actions: { cancel: false, cancelNeedsSupport: true } });
    const refused = await patientCall(patient, 'POST', `${planId}/cancel`, { reason: 'Side effects' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'PLAN_COMMITMENT',
      message: 'Your plan runs for 3 months, so you can renew or cancel it in the week before it renews. To cancel sooner, please contact our support team.',
    });
  });

  it('answers bad input with the message, and another patient’s plan as not found', async () => {
    at('2026-11-23');
    const { patient, planId } = await subscribedPatient();
    const stranger = await signedInPatientWithId(shop.ctx.app, db());
    const badPause = await patientCall(patient, 'POST', `${planId}/pause`, { periods: 3 });
    expect(badPause.statusCode).toBe(400);
    expect(JSON.stringify(badPause.json())).toContain('Please choose to pause for 1 or 2 deliveries.');
    const badReason = await patientCall(patient, 'POST', `${planId}/cancel`, { reason: 'because' });
    expect(JSON.stringify(badReason.json())).toContain('Please choose a reason.');
    for (const [method, url] of [
      ['GET', `${planId}/plan`],
      ['POST', `${planId}/skip`],
      ['POST', `${planId}/resume`],
    ] as const) {
      const res = await patientCall(stranger, method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('We could not find that plan.');
    }
    expect((await patientCall(patient, 'GET', 'not-a-plan/plan')).statusCode).toBe(404);
    expect((await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/subscriptions/${planId}/skip` })).statusCode).toBe(401);
    const notPaused = await patientCall(patient, 'POST', `${planId}/resume`);
    expect(notPaused.json()).toEqual({ code: 'PLAN_NOT_PAUSED', message: 'This plan is not paused.' });
  });
});

function formatLong(date: string): string {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${months[month - 1]} ${year}`;
}

describe('support ending a plan', () => {
  it('cancels a 3-month plan mid-commitment for the patient, audited; other roles may not', async () => {
    at('2026-11-23');
    const { patient, planId } = await subscribedPatient();
    await db().update(subscriptions).set({ planMonths: 3 }).where(eq(subscriptions.id, planId));
    const support = await signedInStaff(shop.ctx, 'support');
    const cancel = (cookie: string) =>
      shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/subscriptions/${planId}/cancel`, headers: { cookie }, payload: { reason: 'Patient moving abroad; asked by phone' } });
    expect((await cancel(shop.prescriber.cookie)).statusCode).toBe(403);
    const res = await cancel(support.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: planId, state: 'cancelled' });
    expect((await subscriptionHistory(db(), planId)).at(-1)).toMatchObject({ event: 'cancelled', actorType: 'support', reason: 'Patient moving abroad; asked by phone' });
    const [row] = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.action, 'cancel-plan'), eq(staffAuditLog.resourceId, planId)));
    expect(row).toMatchObject({ staffId: support.row.id, patientId: patient.customerId, resource: 'subscription' });
    expect((await cancel(support.cookie)).statusCode).toBe(409);
  });
});
