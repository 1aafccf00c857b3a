import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, CHECK_IN_RULES, TASK_CODES, TIRZEPATIDE_CONTRACEPTION_COUNSELLING, URGENT_CONTACT_POLICY, addCallingHours, urgentContactLine, type OrderReview, type Task } from '@elmwood/domain';
import { notifications } from '../../db/schema/notifications';
import { orderItems, orders } from '../../db/schema/orders';
import { consultations } from '../../db/schema/quiz';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import { tasks } from '../../db/schema/tasks';
import { urgentClinicalItems } from '../../db/schema/urgent-care';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { answerCheckIn, checkInProgressAnswers, type CheckInChoices } from '../../../test/support/check-in';
import { NO_GP_CONSENT, orderInReview, verifyPatient } from '../../../test/support/staff';
import { bmiAnswer } from '../../seed/data/questionnaires/sample-answers';

const shop = renewalShop();
const { at, db, round, planRow } = shop;
/** Due after this many calling hours from the check-in (URGENT_CONTACT_POLICY). */
const dueIn = (hours: number) => addCallingHours(shop.clock, hours).getTime();
const { sameDayHours, supplyStoppedHours } = URGENT_CONTACT_POLICY;

/** A patient whose first order (Wegovy, or Mounjaro) a prescriber approved, with the renewal due and the check-in open. */
async function patientWithCheckInOpen(product: 'WEGOVY' | 'MOUNJARO' = 'WEGOVY') {
  at('2026-11-23');
  const patient = await signedInPatientWithId(shop.ctx.app, db());
  const { orderNumber } = await orderInReview(shop.ctx, patient.cookie);
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  if (product === 'MOUNJARO') {
    await db()
      .update(orderItems)
      .set({ productCode: 'MOUNJARO', productName: 'Mounjaro', variantCode: 'MOUNJARO-2-5MG', variantName: '2.5 mg', dosage: '2.5 mg' })
      .where(and(eq(orderItems.orderId, order!.id), eq(orderItems.isPrescriptionOnly, true)));
  }
  await verifyPatient(shop.ctx, shop.prescriber, orderNumber);
  const approved = await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${orderNumber}/approve`, headers: { cookie: shop.prescriber.cookie }, payload: NO_GP_CONSENT });
  expect(approved.statusCode, approved.body).toBe(200);
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  at(addDays(plan!.nextDeliveryDate, -7));
  await round();
  expect((await planRow(plan!.id)).state).toBe('renewal_due');
  return { patient, planId: plan!.id };
}

/** Answers the check-in and reads what followed: the plan, its renewal orders, the urgent item, the popup and the email. */
async function checkIn(patient: Patient, planId: string, choices: CheckInChoices) {
  const taskId = await answerCheckIn(shop.ctx, patient, choices);
  const [task] = await db().select({ details: tasks.details }).from(tasks).where(eq(tasks.id, taskId));
  const [item] = await db().select().from(urgentClinicalItems).where(and(eq(urgentClinicalItems.customerId, patient.customerId), isNull(urgentClinicalItems.closedAt)));
  const renewals = await db().select().from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, planId));
  const [email] = await db().select({ data: notifications.data }).from(notifications).where(and(eq(notifications.template, 'check-in-outcome'), eq(notifications.customerId, patient.customerId)));
  const popup = (task?.details as Task['details']['configuration'] | null)?.outcomePopup as { title: string; message: string } | undefined;
  return { state: (await planRow(planId)).state, renewals: renewals.length, item, popup, email: email?.data as { ruleIds: string[]; supplyStopped: boolean; contactBy?: string } | undefined };
}

const ruleIdsOf = (item: { rules: { ruleId: string }[] } | undefined) => item?.rules.map((rule) => rule.ruleId);

describe('the fuller check-in, through the real check-in on PostgreSQL', () => {
  describe('possible gallbladder disease: the supply held and an urgent item', () => {
    it.each([['right_upper_pain'], ['yellow_skin_eyes']])('%s holds the plan, opens an urgent item due within a calling day and tells the patient', async (answer) => {
      const { patient, planId } = await patientWithCheckInOpen();
      const outcome = await checkIn(patient, planId, { sideEffects: ['nausea', answer] });
      expect(outcome.state).toBe('suspended');
      expect(outcome.renewals).toBe(0);
      expect(ruleIdsOf(outcome.item)).toEqual([CHECK_IN_RULES.possibleGallbladderDisease.id]);
      expect(outcome.item!.dueAt.getTime()).toBe(dueIn(supplyStoppedHours));
      expect(outcome.popup).toEqual({ title: 'We have paused your next delivery', message: `${CHECK_IN_RULES.possibleGallbladderDisease.patientMessage} ${urgentContactLine(outcome.item!.dueAt)}` });
      expect(outcome.email).toMatchObject({ supplyStopped: true, ruleIds: [CHECK_IN_RULES.possibleGallbladderDisease.id], contactBy: outcome.item!.dueAt.toISOString() });
    });

    it('nausea alone (the boundary) goes on to the prescriber, with no item', async () => {
      const { patient, planId } = await patientWithCheckInOpen();
      const outcome = await checkIn(patient, planId, { sideEffects: ['nausea', 'vomiting', 'diarrhoea'] });
      expect(outcome).toMatchObject({ state: 'renewal_ordered', renewals: 1, item: undefined, popup: undefined, email: undefined });
    });
  });

  describe('severe vomiting or diarrhoea, or dehydration: an urgent item within 4 calling hours, the supply goes on to the prescriber', () => {
    it.each([['severe_vomiting_diarrhoea'], ['dehydration']])('%s', async (answer) => {
      const { patient, planId } = await patientWithCheckInOpen();
      const outcome = await checkIn(patient, planId, { sideEffects: [answer] });
      expect(outcome).toMatchObject({ state: 'renewal_ordered', renewals: 1 });
      expect(ruleIdsOf(outcome.item)).toEqual([CHECK_IN_RULES.severeVomitingOrDehydration.id]);
      expect(outcome.item!.dueAt.getTime()).toBe(dueIn(sameDayHours));
      expect(outcome.popup).toEqual({ title: 'One of our prescribers will phone you', message: `${CHECK_IN_RULES.severeVomitingOrDehydration.patientMessage} ${urgentContactLine(outcome.item!.dueAt)}` });
    });
  });

  describe('breastfeeding: the supply stopped', () => {
    it('yes holds the plan and opens an item', async () => {
      const { patient, planId } = await patientWithCheckInOpen();
      const outcome = await checkIn(patient, planId, { breastfeeding: 'yes' });
      expect(outcome.state).toBe('suspended');
      expect(ruleIdsOf(outcome.item)).toEqual([CHECK_IN_RULES.breastfeeding.id]);
      expect(outcome.popup?.message).toBe(`${CHECK_IN_RULES.breastfeeding.patientMessage} ${urgentContactLine(outcome.item!.dueAt)}`);
    });

    it('not applicable goes on', async () => {
      const { patient, planId } = await patientWithCheckInOpen();
      expect(await checkIn(patient, planId, { breastfeeding: 'not_applicable' })).toMatchObject({ state: 'renewal_ordered', item: undefined });
    });
  });

  describe('newly started insulin or a sulfonylurea: a clinician reviews for hypoglycaemia', () => {
    it.each([[['insulin']], [['sulfonylurea', 'other']]])('%j opens an item due within a calling day; the supply goes on to the prescriber', async (medicines) => {
      const { patient, planId } = await patientWithCheckInOpen();
      const outcome = await checkIn(patient, planId, { newMedicines: medicines });
      expect(outcome).toMatchObject({ state: 'renewal_ordered', renewals: 1 });
      expect(ruleIdsOf(outcome.item)).toEqual([CHECK_IN_RULES.hypoglycaemiaRisk.id]);
      expect(outcome.item!.dueAt.getTime()).toBe(dueIn(supplyStoppedHours));
      expect(outcome.popup).toEqual({ title: 'One of our prescribers will phone you', message: `${CHECK_IN_RULES.hypoglycaemiaRisk.patientMessage} ${urgentContactLine(outcome.item!.dueAt)}` });
      expect(outcome.email).toMatchObject({ supplyStopped: false, contactBy: outcome.item!.dueAt.toISOString() });
    });

    it('another medicine alone opens nothing', async () => {
      const { patient, planId } = await patientWithCheckInOpen();
      expect(await checkIn(patient, planId, { newMedicines: ['other'] })).toMatchObject({ state: 'renewal_ordered', item: undefined, popup: undefined });
    });
  });

  describe('the pill newly started: the contraception counselling again, with tirzepatide only', () => {
    it('on Mounjaro the patient is shown and sent the counselling, the renewal goes to the prescriber, no urgent item', async () => {
      const { patient, planId } = await patientWithCheckInOpen('MOUNJARO');
      const outcome = await checkIn(patient, planId, { newMedicines: ['oral_contraceptive'] });
      expect(outcome).toMatchObject({ state: 'renewal_ordered', renewals: 1, item: undefined });
      expect(outcome.popup).toEqual({ title: 'Please read this before your next dose', message: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.paragraphs.join('\n\n') });
      expect(outcome.email).toEqual({ ruleIds: [CHECK_IN_RULES.tirzepatideOralContraceptive.id], supplyStopped: false });
    });

    it('on Wegovy nothing follows', async () => {
      const { patient, planId } = await patientWithCheckInOpen('WEGOVY');
      expect(await checkIn(patient, planId, { newMedicines: ['oral_contraceptive'] })).toMatchObject({ state: 'renewal_ordered', item: undefined, popup: undefined, email: undefined });
    });
  });

  describe('contraception, asked of those who could become pregnant: none is told and flagged for the prescriber', () => {
    const renewalReview = async (planId: string) => {
      const [renewal] = await db().select({ number: orders.number }).from(subscriptionRenewals).innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId)).where(eq(subscriptionRenewals.subscriptionId, planId));
      const res = await shop.ctx.app.inject({ url: `/shop-api/clinic/orders/${renewal!.number}`, headers: { cookie: shop.prescriber.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<OrderReview>();
    };

    it('none: the renewal goes to the prescriber with the sourced review flag beside the answer; the patient is shown and sent why; no urgent item', async () => {
      const { patient, planId } = await patientWithCheckInOpen();
      const outcome = await checkIn(patient, planId, { pregnancy: 'no', contraception: ['none'] });
      expect(outcome).toMatchObject({ state: 'renewal_ordered', renewals: 1, item: undefined });
      expect(outcome.popup).toEqual({ title: 'Please read this before your next dose', message: CHECK_IN_RULES.noContraception.patientMessage });
      expect(outcome.email).toEqual({ ruleIds: [CHECK_IN_RULES.noContraception.id], supplyStopped: false });
      const [answered] = (await renewalReview(planId)).consultations;
      const flag = { ruleId: CHECK_IN_RULES.noContraception.id, level: 'review', source: CHECK_IN_RULES.noContraception.source, rationale: CHECK_IN_RULES.noContraception.rationale };
      expect(answered!.answers.find((answer) => answer.questionId === 'ci_contraception')).toMatchObject({ rules: [expect.objectContaining(flag)] });
      expect(answered!.outcome.triggeredRules).toEqual([expect.objectContaining(flag)]);
    });

    it('a method (the boundary) goes on with no flag, message or item', async () => {
      const { patient, planId } = await patientWithCheckInOpen();
      expect(await checkIn(patient, planId, { pregnancy: 'no', contraception: ['pill', 'barrier'] })).toMatchObject({ state: 'renewal_ordered', item: undefined, popup: undefined, email: undefined });
      expect((await renewalReview(planId)).consultations[0]!.outcome.triggeredRules).toEqual([]);
    });

    it('is not asked of a patient who cannot become pregnant, and the check-in completes without it', async () => {
      const { patient, planId } = await patientWithCheckInOpen();
      expect(await checkIn(patient, planId, { pregnancy: 'not_applicable' })).toMatchObject({ state: 'renewal_ordered', popup: undefined });
      expect((await renewalReview(planId)).consultations[0]!.answers.map((answer) => answer.questionId)).not.toContain('ci_contraception');
    });

    it('is required of a patient who could become pregnant', async () => {
      const { patient } = await patientWithCheckInOpen();
      const [task] = await db().select({ id: tasks.id }).from(tasks).where(and(eq(tasks.customerId, patient.customerId), eq(tasks.code, TASK_CODES.weightLossCheckIn), eq(tasks.state, 'open')));
      const answer = (body: object) =>
        shop.ctx.app.inject({ method: 'PATCH', url: `/shop-api/medical-history-for-groups-by-slug/weight-loss-check-in?taskId=${task!.id}`, headers: { cookie: patient.cookie }, payload: body });
      await answer({ 'check-in-measurements': { ci_bmi: bmiAnswer(29) } });
      await answer({ 'check-in-side-effects': { ci_side_effects: ['none'] } });
      const { ci_contraception: _left, ...withoutContraception } = checkInProgressAnswers({ pregnancy: 'no' });
      const res = await answer({ 'check-in-progress': withoutContraception });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ flags: { complete: false } });
      expect((await answer({ 'check-in-progress': checkInProgressAnswers({ pregnancy: 'no' }) })).json()).toMatchObject({ flags: { complete: true } });
    });
  });

  describe('how many doses were missed: a whole number kept with the answers', () => {
    it('keeps 3 as the number 3', async () => {
      const { patient, planId } = await patientWithCheckInOpen();
      const taskId = await answerCheckIn(shop.ctx, patient, { missedDoses: 3 });
      const [task] = await db().select({ completedWith: tasks.completedWith }).from(tasks).where(eq(tasks.id, taskId));
      const [answers] = await db().select({ answers: consultations.answers }).from(consultations).where(eq(consultations.id, task!.completedWith!));
      expect(answers!.answers).toMatchObject({ ci_missed_doses_count: 3 });
      expect((await planRow(planId)).state).toBe('renewal_ordered');
    });

    it.each([[-1], [100], [1.5], ['some']])('refuses %j with the field named', async (count) => {
      const { patient } = await patientWithCheckInOpen();
      const [task] = await db().select({ id: tasks.id }).from(tasks).where(and(eq(tasks.customerId, patient.customerId), eq(tasks.code, TASK_CODES.weightLossCheckIn), eq(tasks.state, 'open')));
      const res = await shop.ctx.app.inject({
        method: 'PATCH',
        url: `/shop-api/medical-history-for-groups-by-slug/weight-loss-check-in?taskId=${task!.id}`,
        headers: { cookie: patient.cookie },
        payload: { 'check-in-progress': { ...checkInProgressAnswers(), ci_missed_doses_count: count } },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('Please enter a whole number from 0 to 99');
    });
  });
});
