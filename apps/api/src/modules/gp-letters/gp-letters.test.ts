import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchQueueSchema, GP_CONCERN_HOLD_MESSAGE, GP_CONSENT_REASON_NEEDED_MESSAGE, gpLetterViewSchema } from '@elmwood/domain';
import { staffAuditLog } from '../../db/schema/clinic';
import { gpLetters } from '../../db/schema/gp-letters';
import { notifications } from '../../db/schema/notifications';
import { orderEvents, orders } from '../../db/schema/orders';
import { subscriptions } from '../../db/schema/subscriptions';
import { urgentClinicalItems } from '../../db/schema/urgent-care';
import { pdfText } from '../../../../web/e2e/support/pdf';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { deliverNotifications } from '../../../test/support/notifications';
import { startSmtpServer } from '../../../test/support/smtp';
import { orderInReview, signedInStaff, type SignedInStaff, verifyPatient } from '../../../test/support/staff';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let prescriber: SignedInStaff;
let pharmacist: SignedInStaff;
let clock = new Date('2026-11-23T10:00:00Z');
const db = () => ctx.database.db;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, SITE_URL: 'https://shop.example', AUTH_RATE_LIMIT_PER_ADDRESS: '1000' }, { now: () => clock });
  prescriber = await signedInStaff(ctx, 'prescriber');
  pharmacist = await signedInStaff(ctx, 'pharmacist');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const PRACTICE = { practiceName: 'Riverside Surgery', addressLine1: '1 Mill Road', cityOrTown: 'Leeds', postCode: 'LS1 4AP' };
const PRACTICE_EMAIL = 'riverside.surgery@nhs.example';

const clinic = (member: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie }, ...(payload ? { payload } : {}) });
const gpInfo = (patient: Patient, payload: object) => ctx.app.inject({ method: 'POST', url: '/shop-api/customers/patient-gp-info', headers: { cookie: patient.cookie }, payload });
const lettersOf = async (orderNumber: string) => {
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  return db().select().from(gpLetters).where(eq(gpLetters.orderId, order!.id));
};

/** A patient who agreed that their GP is told, with the practice (and its email, unless `email` is null), and an order in review. */
async function consentingPatientWithOrder(email: string | null = PRACTICE_EMAIL) {
  const patient = await signedInPatientWithId(ctx.app, db());
  const given = await gpInfo(patient, { consentGiven: true, ...PRACTICE, ...(email ? { email } : {}), consents: { informGp: true, verifyHistory: true } });
  expect(given.statusCode).toBe(201);
  const { orderNumber } = await orderInReview(ctx, patient.cookie);
  return { patient, orderNumber };
}

/** The letter's job, as the worker runs it. */
const sendLetters = async (orderNumber: string) => {
  for (const letter of await lettersOf(orderNumber)) await ctx.app.gpLetters.send(letter.id);
};

describe('the letter to the GP', () => {
  it('is written on approving a first prescription, names the prescriber, and is emailed to the practice with the PDF attached', async () => {
    const { orderNumber } = await consentingPatientWithOrder();
    await verifyPatient(ctx, prescriber, orderNumber);
    expect((await clinic(prescriber, 'POST', `/orders/${orderNumber}/approve`)).statusCode).toBe(200);

    const [letter] = await lettersOf(orderNumber);
    expect(letter).toMatchObject({ state: 'writing', practiceEmail: PRACTICE_EMAIL, productCode: 'WEGOVY' });
    expect(letter!.facts).toMatchObject({
      reason: 'first_prescription',
      prescriber: { name: 'Test prescriber', registration: 'GPhC 2071234' },
      medicine: 'Wegovy',
      dose: '0.25 mg',
      startDate: '2026-11-23',
      practice: { name: 'Riverside Surgery' },
      // The in-person verification's 128 kg at 200 cm, not what the patient declared.
      bmi: { basis: 'verified', value: 32, weightKg: 128, heightCm: 200 },
    });
    expect(letter!.facts.monitoring.length).toBeGreaterThan(0);
    for (const advice of letter!.facts.monitoring) expect(advice.source).not.toBe('');

    await sendLetters(orderNumber);
    await sendLetters(orderNumber); // a second run of the job sends nothing more
    const [sent] = await lettersOf(orderNumber);
    expect(sent).toMatchObject({ state: 'emailed', fileKey: sent!.id });
    await deliverNotifications({ app: ctx.app, db: db() }, clock);
    const toPractice = smtp.inbox.filter((mail) => mail.to === PRACTICE_EMAIL);
    expect(toPractice).toHaveLength(1);
    expect(toPractice[0]!.subject).toBe('A letter about your patient from Elmwood Health');
    expect(toPractice[0]!.text).toContain('https://shop.example/gp/letter/');
    const [pdf] = toPractice[0]!.attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf' });
    const text = pdfText(pdf!.content);
    for (const words of ['Test prescriber', 'Pharmacist independent prescriber, GPhC 2071234', 'Wegovy', '0.25 mg', '23 November 2026', 'BMI: 32.0 (128 kg, 200 cm), verified by the prescriber']) expect(text).toContain(words);

    // Kept with the order, encrypted at rest, readable by clinicians (audited).
    const listed = await clinic(pharmacist, 'GET', `/orders/${orderNumber}/gp-letters`);
    expect(listed.json()).toEqual([expect.objectContaining({ id: sent!.id, delivery: 'email', state: 'emailed', reason: 'first_prescription' })]);
    const read = await clinic(prescriber, 'GET', `/gp-letters/${sent!.id}/pdf`);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(pdfText(read.rawPayload)).toContain('Test prescriber');
    expect(await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.action, 'read-gp-letter'), eq(staffAuditLog.resourceId, sent!.id)))).toHaveLength(1);
  }, 60_000);

  it("names the approving prescriber on the patient's approval email", async () => {
    const { orderNumber } = await consentingPatientWithOrder();
    await verifyPatient(ctx, prescriber, orderNumber);
    const res = await clinic(prescriber, 'POST', `/orders/${orderNumber}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    const [approved] = await db().select().from(notifications).where(eq(notifications.dedupeKey, `order-approved:${orderNumber}`));
    expect(approved!.data).toMatchObject({ prescriber: { name: 'Test prescriber', registration: 'GPhC 2071234' } });
  }, 60_000);

  it("is listed to post when the practice's email is unknown, printed, and marked posted", async () => {
    const { orderNumber } = await consentingPatientWithOrder(null);
    await verifyPatient(ctx, prescriber, orderNumber);
    expect((await clinic(prescriber, 'POST', `/orders/${orderNumber}/approve`)).statusCode).toBe(200);
    await sendLetters(orderNumber);
    const [letter] = await lettersOf(orderNumber);
    expect(letter!.state).toBe('to_post');
    const toPost = (await clinic(pharmacist, 'GET', '/gp-letters/to-post')).json() as { id: string; delivery: string }[];
    expect(toPost).toEqual(expect.arrayContaining([expect.objectContaining({ id: letter!.id, delivery: 'post', orderNumber })]));
    expect(toPost.find((entry) => entry.id === letter!.id)).toMatchObject({ patient: 'Alex Smith', practice: 'Riverside Surgery', createdAt: expect.any(String) });
    expect((await clinic(pharmacist, 'GET', `/gp-letters/${letter!.id}/pdf`)).statusCode).toBe(200);

    // The print view: the letter's words as the PDF has them (one source), read by a clinician and audited.
    const printed = await clinic(pharmacist, 'GET', `/gp-letters/${letter!.id}`);
    expect(printed.statusCode).toBe(200);
    const { letter: shown, content } = gpLetterViewSchema.parse(printed.json());
    expect(shown).toMatchObject({ id: letter!.id, state: 'to_post', orderNumber });
    expect(content.recipient).toEqual(['The GP', 'Riverside Surgery', '1 Mill Road', 'Leeds', 'LS1 4AP']);
    expect(content.closing).toMatchObject({ name: 'Test prescriber', lines: ['Pharmacist independent prescriber, GPhC 2071234', expect.any(String)] });
    const yourView = content.sections.find((section) => section.heading === 'Your view')!;
    expect(yourView.link).toMatch(/^https:\/\/shop\.example\/gp\/letter\//);
    const pdf = pdfText((await clinic(pharmacist, 'GET', `/gp-letters/${letter!.id}/pdf`)).rawPayload);
    for (const line of [content.opening, content.regarding, ...content.sections[0]!.lines]) expect(pdf.replace(/\s+/g, ' ')).toContain(line);
    const reads = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.action, 'read-gp-letter'), eq(staffAuditLog.resourceId, letter!.id)));
    expect(reads.map((row) => row.staffId)).toContain(pharmacist.row.id);
    expect((await clinic(pharmacist, 'GET', '/gp-letters/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await clinic(pharmacist, 'GET', '/gp-letters/not-a-letter')).statusCode).toBe(400);
    const supportMember = await signedInStaff(ctx, 'support');
    expect((await clinic(supportMember, 'GET', `/gp-letters/${letter!.id}`)).statusCode).toBe(403);
    expect((await clinic(supportMember, 'POST', `/gp-letters/${letter!.id}/posted`)).statusCode).toBe(403);

    expect((await clinic(pharmacist, 'POST', `/gp-letters/${letter!.id}/posted`)).json()).toMatchObject({ state: 'posted' });
    expect((await clinic(pharmacist, 'POST', `/gp-letters/${letter!.id}/posted`)).json()).toMatchObject({ state: 'posted' });
    const posts = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.action, 'post-gp-letter'), eq(staffAuditLog.resourceId, letter!.id)));
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ staffId: pharmacist.row.id, orderNumber });
    const [posted] = await lettersOf(orderNumber);
    expect(posted).toMatchObject({ state: 'posted', postedByStaffId: pharmacist.row.id, postedAt: expect.any(Date) });
    expect(((await clinic(pharmacist, 'GET', '/gp-letters/to-post')).json() as { id: string }[]).map((entry) => entry.id)).not.toContain(letter!.id);
  }, 60_000);
});

describe("approval without the patient's consent to inform their GP", () => {
  it('needs the prescriber to record why prescribing is still appropriate, and writes no letter', async () => {
    for (const consent of [null, { consentGiven: false, consents: { informGp: false, verifyHistory: false } }, { consentGiven: true, ...PRACTICE, consents: { informGp: false, verifyHistory: true } }]) {
      const patient = await signedInPatientWithId(ctx.app, db());
      if (consent) expect((await gpInfo(patient, consent)).statusCode).toBe(201);
      const { orderNumber } = await orderInReview(ctx, patient.cookie);
      await verifyPatient(ctx, prescriber, orderNumber);
      const refused = await clinic(prescriber, 'POST', `/orders/${orderNumber}/approve`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'GP_CONSENT_REASON_NEEDED', message: GP_CONSENT_REASON_NEEDED_MESSAGE });
      expect((await clinic(prescriber, 'POST', `/orders/${orderNumber}/approve`, { noGpConsentReason: '   ' })).statusCode).toBe(400);
      const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
      expect(order!.state).toBe('in_review');

      const reason = 'Low-risk patient with a recent in-person BMI from their pharmacy; they prefer their GP not to be told.';
      expect((await clinic(prescriber, 'POST', `/orders/${orderNumber}/approve`, { noGpConsentReason: reason })).statusCode).toBe(200);
      const [approval] = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.event, 'approved')));
      expect(approval!.data).toMatchObject({ gpConsent: { informGp: false, reasonWithoutConsent: reason } });
      const [audited] = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.orderId, order!.id), eq(staffAuditLog.action, 'approve')));
      expect(audited!.details).toMatchObject({ gpConsent: { reasonWithoutConsent: reason } });
      expect(await lettersOf(orderNumber)).toEqual([]);
    }
  }, 120_000);
});

describe("the GP's answer through the letter's signed link", () => {
  /** A patient whose first order was approved and dispatched (their plan running), and the link from the emailed letter. */
  async function patientWithLetter() {
    const { patient, orderNumber } = await consentingPatientWithOrder();
    await verifyPatient(ctx, prescriber, orderNumber);
    expect((await clinic(prescriber, 'POST', `/orders/${orderNumber}/approve`)).statusCode).toBe(200);
    expect((await clinic(pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' })).statusCode).toBe(200);
    await sendLetters(orderNumber);
    await deliverNotifications({ app: ctx.app, db: db() }, clock);
    const [letter] = await lettersOf(orderNumber);
    const [message] = await db().select().from(notifications).where(eq(notifications.dedupeKey, `gp-letter:${letter!.id}`));
    const token = new URL(String(message!.data.answerUrl)).pathname.split('/').at(-1)!;
    const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
    const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
    return { patient, token, letter: letter!, planId: plan!.id };
  }
  const view = (token: string) => ctx.app.inject({ url: `/shop-api/gp-letters/answer?token=${encodeURIComponent(token)}` });
  const answer = (token: string, payload: object) => ctx.app.inject({ method: 'POST', url: '/shop-api/gp-letters/answer', payload: { token, ...payload } });

  it("'I have concerns' holds the next supply, opens an urgent item with the GP's words, and thanks the practice; the answer is given once", async () => {
    const { patient, token, planId } = await patientWithLetter();
    expect((await db().select().from(subscriptions).where(eq(subscriptions.id, planId)))[0]!.state).toBe('active');
    const shown = await view(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ medicine: 'Wegovy', dose: '0.25 mg', prescriber: { name: 'Test prescriber' }, answer: null });

    expect((await answer(token, { answer: 'concerns', concern: '' })).statusCode).toBe(400);
    const concern = 'She had pancreatitis in 2023; please review before any further supply.';
    const res = await answer(token, { answer: 'concerns', concern });
    expect(res.statusCode).toBe(200);

    const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.id, planId));
    expect(plan!.state).toBe('suspended');
    // The renewal round orders nothing for a plan on hold.
    expect(await ctx.app.renewals.runRound(new Date(`${plan!.nextDeliveryDate}T10:00:00Z`))).toBeDefined();
    expect((await db().select().from(subscriptions).where(eq(subscriptions.id, planId)))[0]!.state).toBe('suspended');
    const [item] = await db().select().from(urgentClinicalItems).where(and(eq(urgentClinicalItems.customerId, patient.customerId), isNull(urgentClinicalItems.closedAt)));
    expect(item!.rules).toEqual([expect.objectContaining({ ruleId: 'gp-concern', level: 'urgent' })]);
    expect(item!.answers).toEqual([{ question: "The GP's concerns about Wegovy", answer: concern }]);

    await deliverNotifications({ app: ctx.app, db: db() }, clock);
    expect(smtp.inbox.filter((mail) => mail.to === PRACTICE_EMAIL && mail.subject === 'Thank you: we have your answer')).toHaveLength(1);
    const again = await answer(token, { answer: 'no_concerns' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('GP_ANSWER_EXISTS');
    expect((await view(token)).json()).toMatchObject({ answer: 'concerns' });
  }, 90_000);

  it("'I have concerns' before the first supply went out holds its dispatch until a prescriber has reviewed and closed the urgent item", async () => {
    const { patient, orderNumber } = await consentingPatientWithOrder();
    await verifyPatient(ctx, prescriber, orderNumber);
    expect((await clinic(prescriber, 'POST', `/orders/${orderNumber}/approve`)).statusCode).toBe(200);
    await sendLetters(orderNumber);
    await deliverNotifications({ app: ctx.app, db: db() }, clock);
    const [letter] = await lettersOf(orderNumber);
    const [message] = await db().select().from(notifications).where(eq(notifications.dedupeKey, `gp-letter:${letter!.id}`));
    const token = new URL(String(message!.data.answerUrl)).pathname.split('/').at(-1)!;
    expect((await answer(token, { answer: 'concerns', concern: 'Recent gallstones: please hold.' })).statusCode).toBe(200);

    const queued = dispatchQueueSchema.parse((await clinic(pharmacist, 'GET', '/dispatch')).json()).orders.find((order) => order.orderNumber === orderNumber);
    expect(queued).toMatchObject({ held: true });
    const held = await clinic(pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: 'HELD_BY_GP_CONCERN', message: GP_CONCERN_HOLD_MESSAGE });
    expect((await db().select().from(orders).where(eq(orders.number, orderNumber)))[0]!.state).toBe('approved');

    const [item] = await db().select().from(urgentClinicalItems).where(and(eq(urgentClinicalItems.customerId, patient.customerId), isNull(urgentClinicalItems.closedAt)));
    expect((await clinic(prescriber, 'POST', `/urgent/${item!.id}/actions`, { action: 'called_patient', note: 'Spoke to the GP and the patient: safe to continue.' })).statusCode).toBe(200);
    expect((await clinic(prescriber, 'POST', `/urgent/${item!.id}/close`, { note: 'Reviewed with the GP.' })).statusCode).toBe(200);
    expect((await clinic(pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' })).json()).toMatchObject({ state: 'dispatched' });
  }, 90_000);

  it("'No concerns' is recorded and holds nothing", async () => {
    const { token, planId, letter } = await patientWithLetter();
    expect((await answer(token, { answer: 'no_concerns' })).statusCode).toBe(200);
    expect((await db().select().from(subscriptions).where(eq(subscriptions.id, planId)))[0]!.state).toBe('active');
    expect((await db().select().from(gpLetters).where(eq(gpLetters.id, letter.id)))[0]).toMatchObject({ answer: 'no_concerns', concern: null });
  }, 90_000);

  it('refuses a tampered link and an expired one with a clear reason, and records nothing', async () => {
    const { token, letter } = await patientWithLetter();
    const [id, expires, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    for (const tampered of [`${id}.${expires}.${flipped}`, `${id}.${Number(expires) + 86_400}.${signature}`, 'not-a-token']) {
      const res = await answer(tampered, { answer: 'concerns', concern: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'GP_LINK_INVALID', message: expect.stringMatching(/not valid/) });
    }
    const saved = clock;
    clock = new Date(saved.getTime() + 43 * 86_400_000);
    try {
      const expired = await view(token);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ code: 'GP_LINK_EXPIRED', message: expect.stringMatching(/expired/) });
      expect((await answer(token, { answer: 'no_concerns' })).statusCode).toBe(410);
    } finally {
      clock = saved;
    }
    expect((await db().select().from(gpLetters).where(eq(gpLetters.id, letter.id)))[0]!.answer).toBeNull();
  }, 90_000);
});
