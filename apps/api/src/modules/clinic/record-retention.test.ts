import { randomUUID } from 'node:crypto';
import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptRecordsView, keptRecordsViewSchema, retentionEndsOn } from '@elmwood/domain';
import { orderConsultations } from '../../db/schema/clinic';
import { accountDeletionRequests, customers, uploads } from '../../db/schema/customers';
import { gpLetters } from '../../db/schema/gp-letters';
import { orderMessages } from '../../db/schema/order-messages';
import { orderItems, orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { consultations } from '../../db/schema/quiz';
import { patientVerifications } from '../../db/schema/verification';
import { fileStoreFor } from '../../adapters/file-store/setup';
import { recordRetentionQueue, RECORD_RETENTION_SCHEDULE, workRecordRetention } from '../../jobs/record-retention';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { NO_GP_CONSENT, orderInReview, signedInTeam, type ClinicTeam, type SignedInStaff, verifyPatient } from '../../../test/support/staff';

let ctx: TestContext;
let team: ClinicTeam;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  team = await signedInTeam(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const files = () => fileStoreFor(ctx.config);
const DAY_MS = 24 * 60 * 60 * 1000;
const as = (member: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie, 'idempotency-key': randomUUID() }, ...(payload ? { payload } : {}) });
/** Noon UTC on a UK date: the same UK date in summer and winter. */
const noonOn = (date: string, days = 0) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS);

interface Treated {
  patient: Patient;
  orderId: number;
  photoIds: string[];
  letterId: string;
}

/** A patient the clinic treated: consultation, photos, ID check, a message, approval, a letter to the GP (PDF), dispatch. */
async function treatedPatient(): Promise<Treated> {
  const patient = await signedInPatientWithId(ctx.app, db());
  const consent = { consentGiven: true, practiceName: 'Riverside Surgery', addressLine1: '1 Mill Road', cityOrTown: 'Leeds', postCode: 'LS1 4AP', consents: { informGp: true, verifyHistory: true } };
  expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/customers/patient-gp-info', headers: { cookie: patient.cookie }, payload: consent })).statusCode).toBe(201);
  const { orderNumber, photoIds } = await orderInReview(ctx, patient.cookie);
  expect((await as(team.prescriber, 'POST', `/orders/${orderNumber}/messages`, { message: 'Any allergies?' })).statusCode).toBe(201);
  await verifyPatient(ctx, team.prescriber, orderNumber);
  expect((await as(team.prescriber, 'POST', `/orders/${orderNumber}/approve`, NO_GP_CONSENT)).statusCode).toBe(200);
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  const [letter] = await db().select().from(gpLetters).where(eq(gpLetters.orderId, order!.id));
  await ctx.app.gpLetters.send(letter!.id);
  expect((await as(team.pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' })).statusCode).toBe(200);
  return { patient, orderId: order!.id, photoIds, letterId: letter!.id };
}

async function deleteAccount({ patient }: Treated) {
  expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/me/deletion-request', headers: { cookie: patient.cookie } })).statusCode).toBe(200);
  const [request] = await db().select({ id: accountDeletionRequests.publicId }).from(accountDeletionRequests).where(eq(accountDeletionRequests.customerId, patient.customerId));
  expect((await as(team.support, 'POST', `/deletion-requests/${request!.id}/confirm`)).statusCode).toBe(200);
}

/** What is left of a patient's kept records, as the rules name them. */
async function kept({ patient, orderId, photoIds, letterId }: Treated) {
  const [customer] = await db().select().from(customers).where(eq(customers.id, patient.customerId));
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  const orderPayments = await db().select().from(payments).where(eq(payments.orderId, orderId));
  return {
    name: `${customer!.firstName} ${customer!.lastName}`,
    birthday: customer!.birthday,
    consultations: await db().$count(
      consultations,
      or(eq(consultations.customerId, patient.customerId), inArray(consultations.id, db().select({ id: orderConsultations.consultationId }).from(orderConsultations).where(eq(orderConsultations.orderId, orderId)))),
    ),
    decisionSnapshots: await db().$count(orderConsultations, eq(orderConsultations.orderId, orderId)),
    messages: await db().$count(orderMessages, eq(orderMessages.orderId, orderId)),
    verifications: await db().$count(patientVerifications, eq(patientVerifications.customerId, patient.customerId)),
    photoRows: await db().$count(uploads, inArray(uploads.id, photoIds)),
    photoFiles: (await Promise.all(photoIds.map((id) => files().get(id)))).filter(Boolean).length,
    letterRows: await db().$count(gpLetters, eq(gpLetters.id, letterId)),
    letterFile: (await files().get(letterId)) !== null,
    shippingAddress: order?.shippingAddress,
    trackingNumber: order?.trackingNumber,
    total: order?.total,
    items: (await db().select({ name: orderItems.productName, total: orderItems.total }).from(orderItems).where(eq(orderItems.orderId, orderId))).length,
    paymentReferences: orderPayments.filter((payment) => payment.gatewayPaymentId !== null).length,
    paid: orderPayments.reduce((sum, payment) => sum + payment.amount, 0),
  };
}

describe("a deleted account's kept records", () => {
  it('go when their period ends (the clinical record deleted, the orders anonymised), never earlier, and never a kept account’s', async () => {
    const started = new Date();
    const deleted = await treatedPatient();
    const later = await treatedPatient();
    const keptAccount = await treatedPatient();
    await deleteAccount(deleted);
    await deleteAccount(later);
    // The second deleted patient was in touch with the clinic two years after the others: their record runs from then.
    const twoYearsOn = new Date(Date.now() + 2 * 365 * DAY_MS);
    await db().insert(orderMessages).values({ orderId: later.orderId, customerId: later.patient.customerId, body: 'An update, two years on.', idempotencyKey: randomUUID(), createdAt: twoYearsOn });
    const finished = new Date();

    const before = { deleted: await kept(deleted), later: await kept(later), keptAccount: await kept(keptAccount) };
    expect(before.deleted).toMatchObject({ consultations: 1, decisionSnapshots: 1, messages: 1, verifications: 1, photoRows: 2, photoFiles: 2, letterRows: 1, letterFile: true, trackingNumber: '12345678901234', paymentReferences: 1 });
    expect(before.deleted.name).not.toBe('Deleted account');
    const retention = ctx.app.recordRetention;

    // Orders and payments: 7 years after each payment. The day before, nothing moves.
    const financialEnd = retentionEndsOn(finished, 7);
    expect(await retention.sweep(noonOn(retentionEndsOn(started, 7), -1))).toEqual({ clinicalRecordsDeleted: 0, ordersAnonymised: 0 });
    expect(await kept(deleted)).toEqual(before.deleted);

    // On the day, the deleted accounts' payment references go; the amounts stay, and the clinical record is still kept.
    expect(await retention.sweep(noonOn(financialEnd))).toEqual({ clinicalRecordsDeleted: 0, ordersAnonymised: 2 });
    expect(await kept(deleted)).toEqual({ ...before.deleted, paymentReferences: 0 });
    expect(await kept(later)).toEqual({ ...before.later, paymentReferences: 0 });
    expect(await kept(keptAccount)).toEqual(before.keptAccount);

    // The clinical record: 8 years after the last treatment. The day before, still kept.
    const clinicalEnd = retentionEndsOn(finished, 8);
    expect(await retention.sweep(noonOn(retentionEndsOn(started, 8), -1))).toEqual({ clinicalRecordsDeleted: 0, ordersAnonymised: 0 });
    expect((await kept(deleted)).photoFiles).toBe(2);

    // On the day, two processes at once: the record is deleted once, files included; the order keeps what was sold and paid.
    const rounds = await Promise.all([retention.sweep(noonOn(clinicalEnd)), retention.sweep(noonOn(clinicalEnd))]);
    expect(rounds.reduce((sum, round) => sum + round.clinicalRecordsDeleted, 0)).toBe(1);
    const after = await kept(deleted);
    expect(after).toEqual({
      ...before.deleted,
      name: 'Deleted account',
      birthday: null,
      consultations: 0,
      decisionSnapshots: 0,
      messages: 0,
      verifications: 0,
      photoRows: 0,
      photoFiles: 0,
      letterRows: 0,
      letterFile: false,
      shippingAddress: {},
      trackingNumber: null,
      paymentReferences: 0,
    });
    expect(after).toMatchObject({ total: before.deleted.total, items: before.deleted.items, paid: before.deleted.paid });

    // The day after, and again: nothing left to do. The later patient's record runs to 8 years from their message.
    expect(await retention.sweep(noonOn(clinicalEnd, 1))).toEqual({ clinicalRecordsDeleted: 0, ordersAnonymised: 0 });
    expect(await kept(later)).toEqual({ ...before.later, paymentReferences: 0 });
    expect(await kept(keptAccount)).toEqual(before.keptAccount);
    const laterEnd = retentionEndsOn(twoYearsOn, 8);
    expect(await retention.sweep(noonOn(laterEnd, -1))).toEqual({ clinicalRecordsDeleted: 0, ordersAnonymised: 0 });
    expect(await retention.sweep(noonOn(laterEnd))).toEqual({ clinicalRecordsDeleted: 1, ordersAnonymised: 0 });
    expect(await kept(later)).toMatchObject({ name: 'Deleted account', consultations: 0, messages: 0, photoFiles: 0, letterFile: false, total: before.later.total });

    // An account never deleted keeps everything, however old.
    expect(await retention.sweep(new Date(Date.now() + 40 * 365 * DAY_MS))).toEqual({ clinicalRecordsDeleted: 0, ordersAnonymised: 0 });
    expect(await kept(keptAccount)).toEqual(before.keptAccount);
  }, 180_000);

  it('are swept by a nightly job in the quiet of the night', async () => {
    const working = await createTestContext({}, { runJobs: true });
    try {
      await workRecordRetention(working.jobs, working.app.recordRetention);
      const schedules = await working.database.executeSql('select cron, timezone from pgboss.schedule where name = $1', [recordRetentionQueue.name]);
      expect(schedules.rows).toEqual([{ cron: RECORD_RETENTION_SCHEDULE, timezone: 'Europe/London' }]);
    } finally {
      await working.close();
    }
  }, 60_000);
});

describe('GET /shop-api/kept-records', () => {
  it('names each kind of kept record, why, and the periods this shop is configured with', async () => {
    const configured = await createTestContext({ RETENTION_CLINICAL_YEARS: '10', RETENTION_FINANCIAL_YEARS: '9' });
    try {
      const reply = await configured.app.inject({ url: '/shop-api/kept-records' });
      expect(reply.statusCode).toBe(200);
      const view = keptRecordsViewSchema.parse(reply.json());
      expect(view).toEqual(keptRecordsView({ clinicalYears: 10, financialYears: 9 }));
      expect(view.records.map((record) => record.period)).toEqual(['10 years after your last treatment with us', '10 years after your last treatment with us', '9 years after each payment']);
    } finally {
      await configured.close();
    }
  }, 60_000);
});
