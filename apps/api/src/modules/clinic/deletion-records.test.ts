import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicOrderThreadSchema, DEFAULT_RETENTION_PERIODS, deletionKeptText, ORDER_MESSAGE_MESSAGES } from '@elmwood/domain';
import { accountDeletionRequests, mailOutbox } from '../../db/schema/customers';
import { gpLetters } from '../../db/schema/gp-letters';
import { notifications } from '../../db/schema/notifications';
import { orderMessages } from '../../db/schema/order-messages';
import { orders } from '../../db/schema/orders';
import { pdfText } from '../../../../web/e2e/support/pdf';
import { signedInPatientWithId } from '../../../test/support/account';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { deliverNotifications } from '../../../test/support/notifications';
import { orderInReview, signedInTeam, type ClinicTeam, type SignedInStaff, verifyPatient } from '../../../test/support/staff';

let ctx: TestContext;
let team: ClinicTeam;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  team = await signedInTeam(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const as = (member: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie, 'idempotency-key': randomUUID() }, ...(payload ? { payload } : {}) });

describe("a deleted account's letters to the GP and messages with the prescriber", () => {
  it('are kept with the order as its clinical record (the letter and its PDF, the thread), and nobody can write to the patient any more', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const consent = { consentGiven: true, practiceName: 'Riverside Surgery', addressLine1: '1 Mill Road', cityOrTown: 'Leeds', postCode: 'LS1 4AP', consents: { informGp: true, verifyHistory: true } };
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/customers/patient-gp-info', headers: { cookie: patient.cookie }, payload: consent })).statusCode).toBe(201);
    const { orderNumber } = await orderInReview(ctx, patient.cookie);
    expect((await as(team.prescriber, 'POST', `/orders/${orderNumber}/messages`, { message: 'Any allergies?' })).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/orders/${orderNumber}/messages`, headers: { cookie: patient.cookie, 'idempotency-key': randomUUID() }, payload: { message: 'None.' } })).statusCode).toBe(201);
    await verifyPatient(ctx, team.prescriber, orderNumber);
    expect((await as(team.prescriber, 'POST', `/orders/${orderNumber}/approve`)).statusCode).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
    const [written] = await db().select().from(gpLetters).where(eq(gpLetters.orderId, order!.id));
    await ctx.app.gpLetters.send(written!.id);
    expect((await as(team.pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' })).statusCode).toBe(200);

    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/me/deletion-request', headers: { cookie: patient.cookie } })).statusCode).toBe(200);
    const [request] = await db().select({ id: accountDeletionRequests.publicId }).from(accountDeletionRequests).where(eq(accountDeletionRequests.customerId, patient.customerId));
    expect((await as(team.support, 'POST', `/deletion-requests/${request!.id}/confirm`)).statusCode).toBe(200);

    // The letter stays with the order, its PDF still readable by clinicians (audited), as the patient was told.
    const [letter] = await db().select().from(gpLetters).where(eq(gpLetters.orderId, order!.id));
    expect(letter).toMatchObject({ id: written!.id, state: 'to_post', fileKey: written!.id });
    const pdf = await as(team.pharmacist, 'GET', `/gp-letters/${letter!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Riverside Surgery');
    expect(((await as(team.pharmacist, 'GET', '/gp-letters/to-post')).json() as { id: string }[]).map((entry) => entry.id)).toContain(letter!.id);

    // The thread stays too; the patient can no longer read it, and the console can no longer write to them.
    expect(await db().select().from(orderMessages).where(eq(orderMessages.orderId, order!.id))).toHaveLength(2);
    expect((await ctx.app.inject({ url: `/shop-api/orders/${orderNumber}/messages`, headers: { cookie: patient.cookie } })).statusCode).toBe(401);
    expect(clinicOrderThreadSchema.parse((await as(team.prescriber, 'GET', `/orders/${orderNumber}/messages`)).json())).toMatchObject({ closed: true, messages: [{ body: 'Any allergies?' }, { body: 'None.' }] });
    const refused = await as(team.prescriber, 'POST', `/orders/${orderNumber}/messages`, { message: 'One more thing.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_CLOSED', message: ORDER_MESSAGE_MESSAGES.accountClosed });
    expect(await db().select().from(orderMessages).where(eq(orderMessages.orderId, order!.id))).toHaveLength(2);
    expect(await db().select().from(notifications).where(and(eq(notifications.customerId, patient.customerId), eq(notifications.template, 'order-message')))).toHaveLength(1);

    // The confirmation says so.
    await deliverNotifications({ app: ctx.app, db: db() });
    expect(deletionKeptText(DEFAULT_RETENTION_PERIODS)).toContain('your messages with our prescribers and support team, and the letters to your GP');
    const mail = await db().select().from(mailOutbox).where(eq(mailOutbox.to, patient.email));
    expect(mail.some((message) => message.text.replace(/\s+/g, ' ').includes('your messages with our prescribers and support team, and the letters to your GP'))).toBe(true);
    expect(mail.some((message) => message.text.replace(/\s+/g, ' ').includes('Consultations and your clinical record: kept 8 years after your last treatment with us.'))).toBe(true);
  }, 90_000);
});
