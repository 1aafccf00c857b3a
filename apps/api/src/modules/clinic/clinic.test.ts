import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateOfBirthText, measurementAnswer, REJECTION_REASONS, ukCalendarDate, weightAnswer } from '@elmwood/domain';
import { orderConsultations, staffAuditLog } from '../../db/schema/clinic';
import { customers, mailOutbox } from '../../db/schema/customers';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import { tasks } from '../../db/schema/tasks';
import { questionnaires } from '../../db/schema/quiz';
import { sandboxPayments, sandboxRequests } from '../../db/schema/sandbox-gateway';
import { bmiAnswer, eligibleWeightLossAnswers, goalWeightAnswer } from '../../seed/data/questionnaires/sample-answers';
import { weightLossQuestionnaire } from '../../seed/data/questionnaires/weight-loss';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { deliverNotifications } from '../../../test/support/notifications';
import { cookieFrom, groupAnswers } from '../../../test/support/consultation';
import { MOUNJARO_MONTHLY, placeOrder, type PlaceOrderOptions, TEST_ADDRESS, WEGOVY_MONTHLY } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { type ClinicTeam, orderInReview, type SignedInStaff, signedInTeam, uploadPhoto, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';

let ctx: TestContext;
let { prescriber, pharmacist, support, admin } = {} as ClinicTeam;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  ({ prescriber, pharmacist, support, admin } = await signedInTeam(ctx));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
/** The database refused the statement with the append-only trigger's message (drizzle wraps the driver's error). */
const refusedAsAppendOnly = (query: Promise<unknown>) =>
  expect(query).rejects.toMatchObject({ cause: expect.objectContaining({ message: expect.stringMatching(/is append-only: (UPDATE|DELETE|TRUNCATE) refused/) }) });
const as = (member: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const orderRow = async (number: string) => (await db().select().from(orders).where(eq(orders.number, number)))[0]!;
const auditOf = async (number: string) => db().select().from(staffAuditLog).where(eq(staffAuditLog.orderNumber, number));
const patientEmail = async (number: string) => (await db().select({ email: customers.email }).from(customers).where(eq(customers.id, (await orderRow(number)).customerId)))[0]!.email;

describe('the order the prescriber reviews', () => {
  it('shows the consultation as answered at the time of the order, even after the patient and the questionnaire change', async () => {
    const patient = await signedInPatient(ctx.app);
    const created = await ctx.app.inject({ method: 'POST', url: '/shop-api/carts', payload: { channel: 'WEB_WL_UK' }, headers: { cookie: patient } });
    const cartToken = created.json().tokenValue as string;
    const answer = (answers: Record<string, unknown>, cookie: string) =>
      ctx.app.inject({ method: 'PATCH', url: '/shop-api/medical-history-for-groups-by-slug/weight-loss', payload: groupAnswers(weightLossQuestionnaire, answers), headers: { cookie } });
    const answered = await answer(eligibleWeightLossAnswers, patient);
    const withQuiz = `${patient}; ${cookieFrom(answered)}`;
    const { questionnaireId } = (await ctx.app.inject({ url: '/shop-api/questionnaires/by-slug/weight-loss', headers: { cookie: withQuiz } })).json();
    expect((await ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${cartToken}/medical_history_questionnaire`, payload: { questionnaireId }, headers: { cookie: withQuiz } })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: `/shop-api/carts/${cartToken}/multiple-items`, payload: { items: [WEGOVY_MONTHLY] }, headers: { cookie: patient } });
    await ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${cartToken}/address`, payload: { shippingAddress: TEST_ADDRESS }, headers: { cookie: patient } });
    const placed = await placeOrder(ctx.app, patient, { cartToken });
    expect(placed.reply.statusCode).toBe(201);
    const number = placed.orderNumber!;

    // Afterwards the patient changes the consultation (a BMI that rules them out, another goal weight) and the
    // clinic rewords a question.
    const edited = await answer({ ...eligibleWeightLossAnswers, wl_bmi: bmiAnswer(22), wl_goal_weight: goalWeightAnswer(76) }, withQuiz);
    expect(edited.statusCode).toBe(200);
    const [stored] = await db().select().from(questionnaires).where(eq(questionnaires.slug, 'weight-loss'));
    const definition = structuredClone(stored!.definition);
    definition.steps[0]!.questions[0]!.question = 'Reworded later';
    await db().update(questionnaires).set({ definition }).where(eq(questionnaires.id, stored!.id));

    const res = await as(prescriber, 'GET', `/orders/${number}`);
    expect(res.statusCode).toBe(200);
    const [consultation] = res.json().consultations;
    expect(consultation.questionnaireSlug).toBe('weight-loss');
    const byId = Object.fromEntries(consultation.answers.map((entry: { questionId: string }) => [entry.questionId, entry]));
    expect(byId.wl_bmi).toMatchObject({ question: 'What is your height and weight?', answer: eligibleWeightLossAnswers.wl_bmi });
    expect(byId.wl_goal_weight.answer).toEqual(eligibleWeightLossAnswers.wl_goal_weight);
    expect(consultation.outcome).toMatchObject({ complete: true, rejection: null });
    expect(consultation.outcome.facts.bmi).toBe(32);
    // The rules that held when it was ordered, beside the answer that triggered them, with their source: the later
    // BMI of 22 (a knock-out now) changes nothing here.
    expect(byId.wl_current_injection.rules).toEqual([
      expect.objectContaining({ ruleId: 'wegovy-startingDose', source: 'Wegovy SmPC 4.2; Mounjaro SmPC 4.2', rationale: expect.stringContaining('lowest dose') }),
      expect.objectContaining({ ruleId: 'mounjaro-startingDose', summary: 'Mounjaro: new to this medicine, starting dose 2.5 mg only' }),
    ]);
    expect(byId.wl_bmi.rules).toEqual([]);
    expect(consultation.outcome.triggeredRules.map((rule: { ruleId: string }) => rule.ruleId)).not.toContain('bmi-below-any-threshold');
    expect(res.json().measurements).toEqual([expect.objectContaining({ orderNumber: number, bmi: 32, weightKg: 128, heightCm: 200 })]);

    // And the copy itself can never be changed.
    await refusedAsAppendOnly(db().update(orderConsultations).set({ answers: {} }).where(eq(orderConsultations.orderId, (await orderRow(number)).id)));
  });

  it('words every answer as a person writes it, in the units the patient answered in: no JSON, no codes', async () => {
    const answers = {
      wl_bmi: measurementAnswer({ weightUnit: 'st-lbs', heightUnit: 'ft-in', fields: { stone: '15', lbs: '10', feet: '5', inches: '7' } }),
      wl_dob: '1985-01-01',
      wl_goal_weight: weightAnswer({ weightUnit: 'st-lbs', fields: { stone: '12', lbs: '8' } }),
      wl_contact_time: { period: ['evening', 'morning'], day: ['thursday', 'monday'] },
    };
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app), { answers });
    const review = (await as(prescriber, 'GET', `/orders/${orderNumber}`)).json();
    const [consultation] = review.consultations;
    const words = Object.fromEntries(consultation.answers.map((entry: { questionId: string; answerText: string }) => [entry.questionId, entry.answerText]));
    expect(words).toMatchObject({
      wl_bmi: `15 st 10 lb · 5 ft 7 in · BMI ${answers.wl_bmi!.bmi.toFixed(1)}`,
      wl_dob: dateOfBirthText('1985-01-01', new Date()),
      wl_goal_weight: '12 st 8 lb',
      wl_contact_time: 'Evening (5pm to 8pm), Morning (9am to 12pm); Monday, Thursday',
      wl_sex: 'Male',
      wl_current_injection: "No, I'm new to weight-loss injections",
    });
    expect(words.wl_dob).toMatch(/^1 Jan 1985 \(\d+\)$/);
    for (const text of Object.values(words)) expect(text).not.toMatch(/[{}[\]"]|\|\|\|/);
    expect(consultation.outcome.eligibleProductsText).toBe('Wegovy, Mounjaro');
  });

  it('lists photos, GP details, tasks and history; every read is audited, photos too', async () => {
    const patient = await signedInPatient(ctx.app);
    const { orderNumber, photoIds } = await orderInReview(ctx, patient);
    const res = await as(prescriber, 'GET', `/orders/${orderNumber}`);
    expect(res.statusCode).toBe(200);
    const review = res.json();
    expect(review).toMatchObject({ orderNumber, state: 'in_review', paymentState: 'authorised', items: [expect.objectContaining({ productCode: 'WEGOVY' })] });
    expect(review.photos.map((photo: { id: string }) => photo.id).sort()).toEqual([...photoIds].sort());
    expect(review.tasks.map((task: { state: string; isCritical: boolean }) => task.isCritical && task.state)).toContain('completed');
    expect(review.history.map((event: { event: string }) => event.event)).toEqual(expect.arrayContaining(['payment_authorised', 'critical_tasks_done']));

    const photo = await as(prescriber, 'GET', `/uploads/${photoIds[0]}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await as(prescriber, 'GET', '/uploads/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Support reads orders (for refunds) but not photos.
    expect((await as(support, 'GET', `/uploads/${photoIds[0]}`)).statusCode).toBe(403);

    const rows = await db().select().from(staffAuditLog).where(eq(staffAuditLog.staffId, prescriber.row.id));
    const order = await orderRow(orderNumber);
    expect(rows.filter((row) => row.orderNumber === orderNumber).map((row) => row.action).sort()).toEqual(['read-answers', 'read-order', 'read-weights']);
    expect(rows.filter((row) => row.resourceId === photoIds[0])).toEqual([expect.objectContaining({ action: 'read-photo', patientId: order.customerId, resource: 'photo' })]);
  });

  it("shows a continuing patient's proof of their current prescription (category P) beside the ID and full-length photos", async () => {
    const patient = await signedInPatient(ctx.app);
    const { orderNumber, photoIds } = await orderInReview(ctx, patient);
    const proof = await uploadPhoto(ctx, patient, 'P');
    const review = (await as(prescriber, 'GET', `/orders/${orderNumber}`)).json();
    expect(review.photos.map((photo: { id: string }) => photo.id).sort()).toEqual([...photoIds, proof].sort());
    expect(review.photos.find((photo: { id: string }) => photo.id === proof)).toMatchObject({ category: 'P', title: 'Previous prescription' });
    expect((await as(prescriber, 'GET', `/uploads/${proof}`)).statusCode).toBe(200);
  });

  it('queues orders in review oldest first with their waiting time, and orders waiting on the patient on a second tab', async () => {
    const waiting = await placeOrder(ctx.app, await signedInPatient(ctx.app));
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    const ready = (await as(prescriber, 'GET', '/reviews?tab=ready')).json();
    const numbers = ready.orders.map((entry: { orderNumber: string }) => entry.orderNumber);
    expect(numbers).toContain(orderNumber);
    expect(numbers).not.toContain(waiting.orderNumber);
    const times = ready.orders.map((entry: { waitingSince: string }) => entry.waitingSince);
    expect([...times].sort()).toEqual(times);
    expect(ready.orders.find((entry: { orderNumber: string }) => entry.orderNumber === orderNumber)).toMatchObject({ waitingMinutes: 0, products: ['Wegovy'] });
    const onPatient = (await as(prescriber, 'GET', '/reviews?tab=waiting')).json();
    expect(onPatient.orders.map((entry: { orderNumber: string }) => entry.orderNumber)).toContain(waiting.orderNumber);
    expect((await as(support, 'GET', '/reviews')).statusCode).toBe(403);
    const queueReads = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.staffId, prescriber.row.id), eq(staffAuditLog.action, 'read-review-queue')));
    expect(queueReads.map((row) => row.resourceId)).toEqual(expect.arrayContaining(['ready', 'waiting']));
  });
});

describe('decisions', () => {
  it('refuses approve, reject and request-information to pharmacists, support and admins', async () => {
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    for (const member of [pharmacist, support, admin]) {
      expect((await as(member, 'POST', `/orders/${orderNumber}/approve`, NO_GP_CONSENT)).statusCode).toBe(403);
      expect((await as(member, 'POST', `/orders/${orderNumber}/reject`, { reasonCode: 'other' })).statusCode).toBe(403);
      expect((await as(member, 'POST', `/orders/${orderNumber}/request-information`, { question: 'Why?' })).statusCode).toBe(403);
    }
    expect((await orderRow(orderNumber)).state).toBe('in_review');
  });

  it('approves once under ten concurrent clicks: one approved event, one capture at the gateway, one email', async () => {
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    await verifyPatient(ctx, prescriber, orderNumber);
    const replies = await Promise.all(Array.from({ length: 10 }, () => as(prescriber, 'POST', `/orders/${orderNumber}/approve`, NO_GP_CONSENT)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(10).fill(200));
    expect(replies.filter((reply) => reply.json().changed)).toHaveLength(1);
    const order = await orderRow(orderNumber);
    expect(order).toMatchObject({ state: 'approved', paymentState: 'captured' });
    const approvals = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.event, 'approved')));
    expect(approvals).toHaveLength(1);
    expect(approvals[0]!.data).toMatchObject({ prescriber: { name: 'Test prescriber', registration: 'GPhC 2071234' } });
    expect(await db().select().from(sandboxRequests).where(and(eq(sandboxRequests.operation, 'capture'), eq(sandboxRequests.idempotencyKey, `order:${orderNumber}:capture`)))).toHaveLength(1);
    const [gatewayPayment] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, orderNumber));
    expect(gatewayPayment).toMatchObject({ status: 'captured', captured: order.total });
    expect(await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.event, 'captured')))).toHaveLength(1);
    expect((await auditOf(orderNumber)).filter((row) => row.action === 'approve')).toHaveLength(1);
    await deliverNotifications({ app: ctx.app, db: db() });
    expect(await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, await patientEmail(orderNumber)), sql`${mailOutbox.subject} like 'Your treatment has been approved%'`))).toHaveLength(1);
    // The approved weight-loss patient is asked, once, to set up weight-tracking reminders.
    expect(await db().select().from(tasks).where(and(eq(tasks.customerId, order.customerId), eq(tasks.code, 'voy-weight-tracking-reminder-set-up')))).toHaveLength(1);
  }, 60_000);

  it('asks the patient to pay again when the capture is refused (the hold expired): approved, capture_failed, not dispatchable', async () => {
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    // The provider released the hold on its side, as it does when an authorisation lapses.
    await db().update(sandboxPayments).set({ status: 'voided' }).where(eq(sandboxPayments.reference, orderNumber));
    await verifyPatient(ctx, prescriber, orderNumber);
    const res = await as(prescriber, 'POST', `/orders/${orderNumber}/approve`, NO_GP_CONSENT);
    expect(res.json()).toEqual({ orderNumber, state: 'approved', paymentState: 'capture_failed', changed: true });
    await deliverNotifications({ app: ctx.app, db: db() });
    const [mail] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, await patientEmail(orderNumber)), sql`${mailOutbox.subject} like 'Please pay again%'`));
    expect(mail!.text).toContain('Nothing has been charged');
    expect((await as(pharmacist, 'GET', '/dispatch')).json().orders.map((entry: { orderNumber: string }) => entry.orderNumber)).not.toContain(orderNumber);
    expect((await as(pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' })).statusCode).toBe(409);
  });

  it('rejects with a listed reason: voids the authorisation, emails the reason, and the patient sees it', async () => {
    const patient = await signedInPatient(ctx.app);
    const { orderNumber } = await orderInReview(ctx, patient);
    expect((await as(prescriber, 'POST', `/orders/${orderNumber}/reject`, { reasonCode: 'not-a-reason' })).statusCode).toBe(400);
    const res = await as(prescriber, 'POST', `/orders/${orderNumber}/reject`, { reasonCode: 'bmi_not_eligible', note: 'Please speak to your GP.' });
    expect(res.json()).toEqual({ orderNumber, state: 'rejected', paymentState: 'voided', changed: true });
    const again = await as(prescriber, 'POST', `/orders/${orderNumber}/reject`, { reasonCode: 'bmi_not_eligible', note: 'Please speak to your GP.' });
    expect(again.json()).toMatchObject({ state: 'rejected', changed: false });
    const [gatewayPayment] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, orderNumber));
    expect(gatewayPayment!.status).toBe('voided');
    const reason = `${REJECTION_REASONS.bmi_not_eligible} Please speak to your GP.`;
    await deliverNotifications({ app: ctx.app, db: db() });
    const [mail] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, await patientEmail(orderNumber)), sql`${mailOutbox.subject} like 'About your order%'`));
    expect(mail!.text).toContain(reason);
    const history = (await ctx.app.inject({ url: '/shop-api/orders', headers: { cookie: patient } })).json();
    expect(history.items.find((entry: { id: string }) => entry.id === orderNumber)).toMatchObject({ state: 'rejected', statusReason: reason });
    expect((await auditOf(orderNumber)).find((row) => row.action === 'reject')).toMatchObject({ staffId: prescriber.row.id, details: { reasonCode: 'bmi_not_eligible' } });
    // Nothing left to approve.
    expect((await as(prescriber, 'POST', `/orders/${orderNumber}/approve`, NO_GP_CONSENT)).statusCode).toBe(409);
  });

  it('requests information: a critical task with the question for the patient; answering it puts the order back in the queue', async () => {
    const patient = await signedInPatient(ctx.app);
    const { orderNumber } = await orderInReview(ctx, patient);
    const res = await as(prescriber, 'POST', `/orders/${orderNumber}/request-information`, { question: 'How long have you had the knee pain?', photoRequested: false });
    expect(res.json()).toMatchObject({ state: 'awaiting_patient', changed: true });
    const patientTasks = (await ctx.app.inject({ url: '/shop-api/tasks', headers: { cookie: patient } })).json();
    const list = Array.isArray(patientTasks) ? patientTasks : patientTasks.items;
    const question = list.find((task: { taskDefinition: { code: string } }) => task.taskDefinition.code === 'clinician-question');
    expect(question).toMatchObject({ state: 'open', orderNumber, taskDefinition: { isCritical: true }, details: { configuration: { question: 'How long have you had the knee pain?' } } });
    expect((await as(prescriber, 'GET', '/reviews?tab=waiting')).json().orders.map((entry: { orderNumber: string }) => entry.orderNumber)).toContain(orderNumber);

    // A bare 'done' is no answer (tasks/clinician-question.test.ts has the rest).
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/tasks/${question.id}/complete`, headers: { cookie: patient } })).statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/tasks/${question.id}/answer`, headers: { cookie: patient }, payload: { text: 'About three years.' } })).statusCode).toBe(200);
    expect((await orderRow(orderNumber)).state).toBe('in_review');
    expect((await auditOf(orderNumber)).map((row) => row.action)).toContain('request-information');
  });
});

describe('dispatch and refunds', () => {
  async function approvedOrder(patient: string, options: PlaceOrderOptions = {}) {
    const { orderNumber } = await orderInReview(ctx, patient, options);
    await verifyPatient(ctx, prescriber, orderNumber);
    expect((await as(prescriber, 'POST', `/orders/${orderNumber}/approve`, NO_GP_CONSENT)).json()).toMatchObject({ state: 'approved', paymentState: 'captured' });
    return orderNumber;
  }

  it('lets a pharmacist dispatch an approved, paid order with a valid tracking number; the patient sees the tracking link', async () => {
    const patient = await signedInPatient(ctx.app);
    const orderNumber = await approvedOrder(patient);
    expect((await as(pharmacist, 'GET', '/dispatch')).json().orders.map((entry: { orderNumber: string }) => entry.orderNumber)).toContain(orderNumber);
    const slip = await as(pharmacist, 'GET', `/orders/${orderNumber}/packing-slip`);
    expect(slip.json()).toMatchObject({ orderNumber, recipient: { name: 'Alex Smith', postcode: 'LS1 4AP' }, approvedBy: 'Test prescriber (GPhC 2071234)' });
    // The patient's date of birth as a person writes it, with the age.
    const { birthday } = (await db().select({ birthday: customers.birthday }).from(customers).where(eq(customers.id, (await orderRow(orderNumber)).customerId)))[0]!;
    expect(slip.json().dateOfBirth).toBe(birthday ? dateOfBirthText(birthday, new Date()) : null);
    expect(slip.json().dateOfBirth).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} \(\d+\)$/);

    expect((await as(pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'royal-mail', trackingNumber: '12345678901234' })).statusCode).toBe(422);
    expect((await as(prescriber, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' })).statusCode).toBe(403);
    const sent = await as(pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'royal-mail', trackingNumber: 'ab 123 456 789 gb' });
    expect(sent.json()).toMatchObject({ state: 'dispatched', changed: true });

    const history = (await ctx.app.inject({ url: '/shop-api/orders', headers: { cookie: patient } })).json();
    expect(history.items.find((entry: { id: string }) => entry.id === orderNumber)).toMatchObject({
      state: 'dispatched',
      tracking: { carrier: 'royal-mail', number: 'AB123456789GB', url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB' },
    });
    await deliverNotifications({ app: ctx.app, db: db() });
    const [mail] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, await patientEmail(orderNumber)), sql`${mailOutbox.subject} like 'Your treatment is on its way%'`));
    expect(mail!.text).toContain('AB123456789GB');
    expect((await as(pharmacist, 'GET', '/dispatch')).json().orders.map((entry: { orderNumber: string }) => entry.orderNumber)).not.toContain(orderNumber);
  });

  it('lists each order to dispatch with its own medicines and the time its own approval was given', async () => {
    const wegovy = await approvedOrder(await signedInPatient(ctx.app));
    const mounjaro = await approvedOrder(await signedInPatient(ctx.app), { items: [MOUNJARO_MONTHLY] });
    const approvalOf = async (number: string) =>
      (await db().select({ at: orderEvents.createdAt }).from(orderEvents).where(and(eq(orderEvents.orderId, (await orderRow(number)).id), eq(orderEvents.toState, 'approved'))))[0]!.at;
    const listed = (await as(pharmacist, 'GET', '/dispatch')).json().orders as { orderNumber: string; items: unknown[]; approvedAt: string }[];
    const itemsOf = async (number: string) =>
      (await db().select({ productName: orderItems.productName, dosage: orderItems.dosage, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, (await orderRow(number)).id)));
    // Each medicine with the dose to pack, as the order holds it.
    expect(await itemsOf(wegovy)).toEqual([expect.objectContaining({ productName: 'Wegovy', dosage: expect.stringMatching(/mg/) })]);
    expect(listed.find((entry) => entry.orderNumber === wegovy)).toMatchObject({ items: await itemsOf(wegovy), approvedAt: (await approvalOf(wegovy)).toISOString() });
    expect(listed.find((entry) => entry.orderNumber === mounjaro)).toMatchObject({ items: await itemsOf(mounjaro), approvedAt: (await approvalOf(mounjaro)).toISOString() });
    expect((await approvalOf(mounjaro)).getTime()).toBeGreaterThan((await orderRow(mounjaro)).createdAt.getTime());
  });

  it('refunds part and then the rest through the gateway, once per Idempotency-Key, never more than was taken', async () => {
    const orderNumber = await approvedOrder(await signedInPatient(ctx.app));
    const { total } = await orderRow(orderNumber);
    const key = randomUUID();
    expect((await as(pharmacist, 'POST', `/orders/${orderNumber}/refund`, { amount: 100, reason: 'x' }, { 'idempotency-key': key })).statusCode).toBe(403);
    const part = await as(support, 'POST', `/orders/${orderNumber}/refund`, { amount: 100, reason: 'Damaged box' }, { 'idempotency-key': key });
    expect(part.json()).toEqual({ orderNumber, state: 'approved', paymentState: 'partially_refunded', refunded: 100, remaining: total - 100 });
    const repeat = await as(support, 'POST', `/orders/${orderNumber}/refund`, { amount: 100, reason: 'Damaged box' }, { 'idempotency-key': key });
    expect(repeat.json()).toMatchObject({ refunded: 100 });
    expect((await as(admin, 'POST', `/orders/${orderNumber}/refund`, { amount: total, reason: 'Too much' }, { 'idempotency-key': randomUUID() })).statusCode).toBe(422);
    const rest = await as(admin, 'POST', `/orders/${orderNumber}/refund`, { amount: total - 100, reason: 'Returned unopened' }, { 'idempotency-key': randomUUID() });
    expect(rest.json()).toEqual({ orderNumber, state: 'refunded', paymentState: 'refunded', refunded: total, remaining: 0 });
    const [gatewayPayment] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, orderNumber));
    expect(gatewayPayment).toMatchObject({ status: 'refunded', refunded: total });
    const refundEvents = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, (await orderRow(orderNumber)).id), eq(orderEvents.machine, 'payment')));
    expect(refundEvents.filter((event) => event.event.endsWith('refunded')).map((event) => [event.event, event.actorType, event.reason])).toEqual([
      ['partially_refunded', 'support', 'Damaged box'],
      ['refunded', 'admin', 'Returned unopened'],
    ]);
    expect((await auditOf(orderNumber)).filter((row) => row.action === 'refund')).toHaveLength(2);
  });
});

describe('the audit log', () => {
  it('refuses UPDATE and DELETE, whoever asks', async () => {
    const photoId = await uploadPhoto(ctx, await signedInPatient(ctx.app), 'I');
    expect((await as(prescriber, 'GET', `/uploads/${photoId}`)).statusCode).toBe(200);
    const [row] = await db().select().from(staffAuditLog).where(eq(staffAuditLog.resourceId, photoId));
    await refusedAsAppendOnly(db().update(staffAuditLog).set({ action: 'nothing' }).where(eq(staffAuditLog.id, row!.id)));
    await refusedAsAppendOnly(db().delete(staffAuditLog).where(eq(staffAuditLog.id, row!.id)));
    await refusedAsAppendOnly(db().execute(sql`truncate staff_audit_log`));
    // Nor does deleting the patient take their audit rows with it.
    await expect(db().delete(customers).where(eq(customers.id, row!.patientId!))).rejects.toThrow();
    expect(await db().select().from(staffAuditLog).where(eq(staffAuditLog.id, row!.id))).toEqual([row]);
  });

  it('exports as CSV for admins only, one quoted line per row in the range (formula safety: audit.test.ts)', async () => {
    const patient = await signedInPatient(ctx.app);
    const { orderNumber } = await orderInReview(ctx, patient);
    await as(prescriber, 'POST', `/orders/${orderNumber}/reject`, { reasonCode: 'other', note: 'Not suitable' });
    expect((await as(prescriber, 'GET', '/audit.csv')).statusCode).toBe(403);
    const res = await as(admin, 'GET', '/audit.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,staff,staff_role,action,action_code,patient,patient_id,order_number,resource,resource_id,details');
    // Words, not codes or JSON: who, what and why.
    expect(lines.find((line) => line.includes(',reject,') && line.includes(orderNumber))).toMatch(/,Test prescriber,prescriber,Rejected the order,reject,Alex Smith,\d+,EH-[A-Z0-9-]+,order,EH-[A-Z0-9-]+,Reason: Other$/);
    expect((await as(admin, 'GET', '/audit.csv?from=2020-01-02&to=2020-01-01')).statusCode).toBe(400);
    expect((await as(admin, 'GET', '/audit.csv?from=2020-01-01&to=2020-01-02')).body.trim().split('\r\n')).toHaveLength(1);
  });

  it('is read on a page by admins only, filtered by order, patient, staff member and days, 50 a page, in words; each read audited', async () => {
    const patient = await signedInPatient(ctx.app);
    const { orderNumber } = await orderInReview(ctx, patient);
    await as(prescriber, 'GET', `/orders/${orderNumber}`);
    await as(prescriber, 'POST', `/orders/${orderNumber}/reject`, { reasonCode: 'bmi_not_eligible', note: '' });
    for (const member of [prescriber, pharmacist, support]) expect((await as(member, 'GET', '/audit')).statusCode).toBe(403);

    const typed = orderNumber.toLowerCase().replace(/-/g, ' ');
    const byOrder = await as(admin, 'GET', `/audit?orderNumber=${encodeURIComponent(typed)}`);
    expect(byOrder.statusCode).toBe(200);
    const page = byOrder.json();
    expect(page.entries.every((entry: { orderNumber: string }) => entry.orderNumber === orderNumber)).toBe(true);
    expect(page.entries[0]).toMatchObject({ staff: { name: 'Test prescriber', role: 'prescriber' }, action: 'Rejected the order', patient: { name: 'Alex Smith' }, details: 'Reason: BMI not eligible' });
    expect(page.entries.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['Read the order', 'Read the consultation answers']));
    expect(page.staff).toEqual(expect.arrayContaining([{ id: prescriber.row.uid, name: 'Test prescriber', role: 'prescriber' }]));

    const email = await patientEmail(orderNumber);
    const byPatient = (await as(admin, 'GET', `/audit?patient=${encodeURIComponent(email.toUpperCase())}`)).json();
    expect(byPatient.entries.length).toBeGreaterThan(0);
    expect(byPatient.entries.every((entry: { orderNumber: string | null }) => entry.orderNumber === orderNumber || entry.orderNumber === null)).toBe(true);
    const byStaff = (await as(admin, 'GET', `/audit?staffId=${pharmacist.row.uid}&orderNumber=${orderNumber}`)).json();
    expect(byStaff.entries).toEqual([]);
    const today = ukCalendarDate(new Date());
    expect((await as(admin, 'GET', `/audit?orderNumber=${orderNumber}&from=${today}&to=${today}`)).json().total).toBe(page.total);
    expect((await as(admin, 'GET', `/audit?orderNumber=${orderNumber}&from=2020-01-01&to=2020-01-31`)).json()).toMatchObject({ total: 0, entries: [] });
    expect((await as(admin, 'GET', '/audit?from=2020-02-01&to=2020-01-01')).statusCode).toBe(400);
    expect((await as(admin, 'GET', '/audit?staffId=nobody')).statusCode).toBe(400);
    expect((await as(admin, 'GET', '/audit?page=0')).statusCode).toBe(400);

    // Fifty a page, newest first.
    const many = 'EH-PAGE-0001';
    await db().insert(staffAuditLog).values(Array.from({ length: 53 }, (_, index) => ({ staffId: admin.row.id, action: 'read-order', resource: 'order', orderNumber: many, resourceId: String(index) })));
    const first = (await as(admin, 'GET', `/audit?orderNumber=${many}`)).json();
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 53 });
    expect(first.entries).toHaveLength(50);
    const second = (await as(admin, 'GET', `/audit?orderNumber=${many}&page=2`)).json();
    expect(second.entries.map((entry: { id: number }) => entry.id)).toEqual([...second.entries.map((entry: { id: number }) => entry.id)].sort((a, b) => b - a));
    expect(second.entries).toHaveLength(3);
    expect(Math.min(...first.entries.map((entry: { id: number }) => entry.id))).toBeGreaterThan(Math.max(...second.entries.map((entry: { id: number }) => entry.id)));

    // The CSV with the same filters holds the same rows.
    const csv = (await as(admin, 'GET', `/audit.csv?orderNumber=${encodeURIComponent(typed)}`)).body.trim().split('\r\n');
    expect(csv).toHaveLength(page.total + 1);

    const reads = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.staffId, admin.row.id), eq(staffAuditLog.action, 'read-audit-log')));
    expect(reads.find((row) => row.details?.orderNumber === orderNumber)).toMatchObject({ resource: 'audit-log', details: { orderNumber, page: 1 } });
    expect(reads.find((row) => row.details?.patient === email.toUpperCase())).toBeDefined();
  });
});
