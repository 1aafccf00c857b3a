import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGE_MESSAGES, clinicOrderThreadSchema, orderThreadSchema, unansweredOrderMessagesSchema, type OrderReview } from '@elmwood/domain';
import { staffAuditLog } from '../../db/schema/clinic';
import { notifications } from '../../db/schema/notifications';
import { orderMessages } from '../../db/schema/order-messages';
import { orders } from '../../db/schema/orders';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { deliverNotifications } from '../../../test/support/notifications';
import { signedInPatient } from '../../../test/support/patients';
import { startSmtpServer } from '../../../test/support/smtp';
import { orderInReview, signedInTeam, uploadPhoto, type ClinicTeam, type SignedInStaff } from '../../../test/support/staff';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let team: ClinicTeam;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, SITE_URL: 'https://shop.example', AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  team = await signedInTeam(ctx);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const db = () => ctx.database.db;
const key = () => randomUUID();
const staffGet = (member: SignedInStaff, url: string) => ctx.app.inject({ method: 'GET', url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie } });
const staffPost = (member: SignedInStaff, url: string, payload: object, idempotencyKey: string = key()) =>
  ctx.app.inject({ method: 'POST', url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie, 'idempotency-key': idempotencyKey }, payload });
const patientGet = (cookie: string, number: string) => ctx.app.inject({ method: 'GET', url: `/shop-api/orders/${number}/messages`, headers: { cookie } });
const patientPost = (cookie: string, number: string, payload: object, idempotencyKey: string = key()) =>
  ctx.app.inject({ method: 'POST', url: `/shop-api/orders/${number}/messages`, headers: { cookie, 'idempotency-key': idempotencyKey }, payload });
const stateOf = async (number: string) => (await db().select({ state: orders.state }).from(orders).where(eq(orders.number, number)))[0]!.state;
const unanswered = async (member: SignedInStaff = team.prescriber) => unansweredOrderMessagesSchema.parse((await staffGet(member, '/order-messages/unanswered')).json()).orders;
const auditsOf = (action: string, orderNumber: string) => db().select().from(staffAuditLog).where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.orderNumber, orderNumber)));

describe('the conversation on an order between the patient and the prescriber', () => {
  it('carries messages both ways: the patient is emailed, reads the reply on the order and answers; the prescriber sees what waits for a reply', async () => {
    const patient = await signedInPatient(ctx.app);
    const { orderNumber } = await orderInReview(ctx, patient);

    // The prescriber writes; the patient is emailed without the words, and reads them on the order.
    const sent = await staffPost(team.prescriber, `/orders/${orderNumber}/messages`, { message: '  Do you take any other medicines for diabetes?  ' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(clinicOrderThreadSchema.parse(sent.json())).toMatchObject({ awaitingReply: false, closed: false, messages: [{ from: 'prescriber', kind: 'message', body: 'Do you take any other medicines for diabetes?' }] });
    await deliverNotifications({ app: ctx.app, db: db() });
    const mail = smtp.inbox.filter((message) => message.subject === `A message from your prescriber (order ${orderNumber})`);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`https://shop.example/account/orders/${orderNumber}`);
    expect(mail[0]!.text).not.toContain('diabetes');

    const read = orderThreadSchema.parse((await patientGet(patient, orderNumber)).json());
    expect(read.openQuestion).toBeNull();
    expect(read.messages).toEqual([expect.objectContaining({ from: 'prescriber', authorName: 'Test prescriber (GPhC 2071234)', body: 'Do you take any other medicines for diabetes?', sentAt: expect.any(String) })]);

    // The patient answers twice (a repeat of one send is kept once); the order waits for the prescriber's reply.
    const replyKey = key();
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await patientPost(patient, orderNumber, { message: 'No, only metformin.' }, replyKey)).statusCode).toBe(201);
    const after = orderThreadSchema.parse((await patientPost(patient, orderNumber, { message: 'And vitamin D.' })).json());
    expect(after.messages.map((message) => [message.from, message.body])).toEqual([
      ['prescriber', 'Do you take any other medicines for diabetes?'],
      ['patient', 'No, only metformin.'],
      ['patient', 'And vitamin D.'],
    ]);
    const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
    const stored = await db().select().from(orderMessages).where(eq(orderMessages.orderId, order!.id));
    expect(stored.map((row) => [row.staffId === team.prescriber.row.id, row.staffId === null, row.createdAt instanceof Date])).toEqual([
      [true, false, true],
      [false, true, true],
      [false, true, true],
    ]);
    expect(await unanswered()).toContainEqual(expect.objectContaining({ orderNumber, patient: { name: 'Alex Smith' }, unanswered: 2 }));
    expect((await staffGet(team.pharmacist, '/order-messages/unanswered/count')).json().count).toBeGreaterThan(0);

    // The prescriber reads (audited) and replies: the order leaves the list.
    const thread = clinicOrderThreadSchema.parse((await staffGet(team.prescriber, `/orders/${orderNumber}/messages`)).json());
    expect(thread.awaitingReply).toBe(true);
    expect(await auditsOf('read-order-messages', orderNumber)).not.toHaveLength(0);
    expect(await auditsOf('read-unanswered-order-messages', orderNumber)).toHaveLength(0);
    expect((await staffPost(team.prescriber, `/orders/${orderNumber}/messages`, { message: 'Thank you, that is fine with this medicine.' })).json()).toMatchObject({ awaitingReply: false });
    expect(await auditsOf('write-order-message', orderNumber)).toHaveLength(2);
    expect((await unanswered()).map((entry) => entry.orderNumber)).not.toContain(orderNumber);
    expect(orderThreadSchema.parse((await patientGet(patient, orderNumber)).json()).messages.at(-1)).toMatchObject({ from: 'prescriber', body: 'Thank you, that is fine with this medicine.' });
  });

  it("the prescriber's 'request information' is a question in the thread, and the patient's message answers it: the order goes back to review", async () => {
    const patient = await signedInPatient(ctx.app);
    const { orderNumber } = await orderInReview(ctx, patient);
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${orderNumber}/request-information`, headers: { cookie: team.prescriber.cookie }, payload: { question: 'How long have you had reflux?', photoRequested: false } })).json()).toMatchObject({ state: 'awaiting_patient' });
    const waiting = orderThreadSchema.parse((await patientGet(patient, orderNumber)).json());
    expect(waiting.messages).toEqual([expect.objectContaining({ from: 'prescriber', kind: 'question', body: 'How long have you had reflux?', photoRequested: false })]);
    expect(waiting.openQuestion).toEqual({ taskId: expect.any(String), photoRequested: false });

    const answered = orderThreadSchema.parse((await patientPost(patient, orderNumber, { message: 'About two years.' })).json());
    expect(answered.openQuestion).toBeNull();
    expect(answered.messages.at(-1)).toMatchObject({ from: 'patient', kind: 'answer', body: 'About two years.' });
    expect(await stateOf(orderNumber)).toBe('in_review');
    // The review shows the answer against the question; the answer goes to the review queue, not the unanswered list.
    const review = (await staffGet(team.prescriber, `/orders/${orderNumber}`)).json<OrderReview>();
    expect(review.informationRequests).toEqual([expect.objectContaining({ question: 'How long have you had reflux?', answer: expect.objectContaining({ text: 'About two years.' }) })]);
    expect((await unanswered()).map((entry) => entry.orderNumber)).not.toContain(orderNumber);

    // An answer given from the task page (with the photo asked for) joins the thread too.
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${orderNumber}/request-information`, headers: { cookie: team.prescriber.cookie }, payload: { question: 'Please show us the injection pen.', photoRequested: true } })).statusCode).toBe(200);
    const { openQuestion } = orderThreadSchema.parse((await patientGet(patient, orderNumber)).json());
    expect(openQuestion).toMatchObject({ photoRequested: true });
    const photoId = await uploadPhoto(ctx, patient, 'Q');
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/tasks/${openQuestion!.taskId}/answer`, headers: { cookie: patient }, payload: { photoId } })).statusCode).toBe(200);
    expect(orderThreadSchema.parse((await patientGet(patient, orderNumber)).json()).messages.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'question', photoRequested: true }),
      expect.objectContaining({ from: 'patient', kind: 'answer', photoId }),
    ]);
  });

  it("is the order's patient's only: another patient reads and writes nothing on it, and nobody but a prescriber writes from the console", async () => {
    const owner = await signedInPatient(ctx.app);
    const { orderNumber } = await orderInReview(ctx, owner);
    expect((await staffPost(team.prescriber, `/orders/${orderNumber}/messages`, { message: 'A private question for you.' })).statusCode).toBe(201);
    const stranger = await signedInPatient(ctx.app);
    expect((await patientGet(stranger, orderNumber)).statusCode).toBe(404);
    const refused = await patientPost(stranger, orderNumber, { message: 'Let me in' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: ORDER_MESSAGE_MESSAGES.notFound });
    expect(refused.body).not.toContain('private');
    expect((await ctx.app.inject({ method: 'GET', url: `/shop-api/orders/${orderNumber}/messages` })).statusCode).toBe(401);
    expect((await patientGet(owner, 'EH-0000-0000')).statusCode).toBe(404);
    const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
    expect(await db().select().from(orderMessages).where(eq(orderMessages.orderId, order!.id))).toHaveLength(1);

    // Bad input is refused with the field's message, never a 500.
    for (const payload of [{}, { message: '   ' }, { message: 'x'.repeat(2001) }, { message: 'nul\u0000' }]) expect((await patientPost(owner, orderNumber, payload)).statusCode).toBe(400);
    expect((await patientPost(owner, orderNumber, { message: '   ' })).json().message).toContain(ORDER_MESSAGE_MESSAGES.required);
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/orders/${orderNumber}/messages`, headers: { cookie: owner }, payload: { message: 'no key' } })).statusCode).toBe(400);

    for (const member of [team.pharmacist, team.support, team.admin]) expect((await staffPost(member, `/orders/${orderNumber}/messages`, { message: 'Hello' })).statusCode).toBe(403);
    expect((await staffGet(team.support, `/orders/${orderNumber}/messages`)).statusCode).toBe(403);
    expect((await staffGet(team.support, '/order-messages/unanswered')).statusCode).toBe(403);
    expect((await staffGet(team.pharmacist, `/orders/${orderNumber}/messages`)).statusCode).toBe(200);
  });

  it('lists only the orders whose patient wrote last, the longest wait first', async () => {
    const first = await signedInPatient(ctx.app);
    const { orderNumber: older } = await orderInReview(ctx, first);
    const second = await signedInPatient(ctx.app);
    const { orderNumber: newer } = await orderInReview(ctx, second);
    expect((await patientPost(first, older, { message: 'When will I hear back?' })).statusCode).toBe(201);
    expect((await patientPost(second, newer, { message: 'Can I change my address?' })).statusCode).toBe(201);
    const listed = (await unanswered()).map((entry) => entry.orderNumber);
    expect(listed.indexOf(older)).toBeLessThan(listed.indexOf(newer));
    expect((await staffPost(team.prescriber, `/orders/${newer}/messages`, { message: 'Support will help with that.' })).statusCode).toBe(201);
    const after = (await unanswered()).map((entry) => entry.orderNumber);
    expect(after).toContain(older);
    expect(after).not.toContain(newer);
    // Only the reply's own key is kept once: a repeat of the prescriber's send mails once.
    const again = key();
    await staffPost(team.prescriber, `/orders/${older}/messages`, { message: 'Within a day.' }, again);
    await staffPost(team.prescriber, `/orders/${older}/messages`, { message: 'Within a day.' }, again);
    const [order] = await db().select().from(orders).where(eq(orders.number, older));
    expect(await db().select().from(notifications).where(and(eq(notifications.customerId, order!.customerId), eq(notifications.template, 'order-message')))).toHaveLength(1);
  });
});
