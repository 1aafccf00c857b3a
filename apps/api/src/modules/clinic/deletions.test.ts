import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_BLOCKED_MESSAGE } from '@elmwood/domain';
import { staffAuditLog } from '../../db/schema/clinic';
import { accountDeletionRequests, addresses, customers, mailOutbox, refreshTokens, socialIdentities } from '../../db/schema/customers';
import { notifications, reminderSettings } from '../../db/schema/notifications';
import { orders } from '../../db/schema/orders';
import { paymentTokens } from '../../db/schema/payments';
import { subscriptionEvents, subscriptions } from '../../db/schema/subscriptions';
import { sandboxSources } from '../../db/schema/sandbox-gateway';
import { weightLogs, weightMilestones } from '../../db/schema/weight';
import { sideEffectDiaryEntries } from '../../db/schema/companion';
import { deleteStoredCardJob, storedCardDeletionsQueue } from '../../jobs/stored-card-deletions';
import { coachAppointments, coachAssignments, coaches } from '../../db/schema/coaches';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { deliverNotifications } from '../../../test/support/notifications';
import { TEST_ADDRESS } from '../../../test/support/orders';
import { type ClinicTeam, orderInReview, type SignedInStaff, signedInTeam, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';

let ctx: TestContext;
let { prescriber, pharmacist, support, admin } = {} as ClinicTeam;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  ({ prescriber, pharmacist, support, admin } = await signedInTeam(ctx));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const as = (member: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie }, ...(payload ? { payload } : {}) });
const PASSWORD = 'long enough pw';

/** The patient asks at /account/details; answers the request's id in the clinic console. */
async function requestDeletion(patient: Patient): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/shop-api/me/deletion-request', headers: { cookie: patient.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await db().select({ id: accountDeletionRequests.publicId }).from(accountDeletionRequests).where(eq(accountDeletionRequests.customerId, patient.customerId));
  return row!.id;
}
const login = (email: string) => ctx.app.inject({ method: 'POST', url: '/shop-api/login', payload: { _username: email, _password: PASSWORD } });
const count = async (table: typeof addresses | typeof paymentTokens | typeof socialIdentities | typeof refreshTokens | typeof reminderSettings, customerId: number) =>
  db().$count(table, eq(table.customerId, customerId));
/** The queued stored-card deletion jobs naming this card (pg-boss's own table). */
async function cardJobs(sourceId: string): Promise<{ data: { sourceId: string } }[]> {
  const result = (await db().execute(sql`select data from pgboss.job where name = ${storedCardDeletionsQueue.name} and data->>'sourceId' = ${sourceId}`)) as unknown as { rows: { data: { sourceId: string } }[] };
  return result.rows;
}
const confirmAudits = (id: string) => db().select().from(staffAuditLog).where(and(eq(staffAuditLog.action, 'confirm-account-deletion'), eq(staffAuditLog.resourceId, id)));

describe('the clinic confirming a deletion request', () => {
  it('waits for an order in progress, then deletes the sign-in and personal data, keeps the clinical record, cancels the plan through the lifecycle and emails the patient', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const { orderNumber } = await orderInReview(ctx, patient.cookie);
    await verifyPatient(ctx, prescriber, orderNumber);
    expect((await as(prescriber, 'POST', `/orders/${orderNumber}/approve`, NO_GP_CONSENT)).statusCode).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
    const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
    expect(plan!.state).toBe('active');
    // What the account holds besides the order: a saved address, a logged weight, a reminder and its queued send, a Google link.
    const [address] = await db().insert(addresses).values({ customerId: patient.customerId, firstName: 'Alex', lastName: 'Smith', company: TEST_ADDRESS.company, street: TEST_ADDRESS.street, city: TEST_ADDRESS.city, postcode: TEST_ADDRESS.postcode }).returning();
    await db().update(customers).set({ defaultShippingAddressId: address!.id, subscribedToNewsletter: true }).where(eq(customers.id, patient.customerId));
    await db().insert(weightLogs).values({ customerId: patient.customerId, measuredAt: new Date(), weightKg: 90, weightUnit: 'kg', source: 'patient' });
    await db().insert(reminderSettings).values({ customerId: patient.customerId, isEnabled: true, channel: 'email', type: 'weekly', days: ['monday'], hours: 9, minutes: 0, frequency: 30, anchorDate: '2026-11-23' });
    await db().insert(reminderSettings).values({ customerId: patient.customerId, kind: 'injection', isEnabled: true, channel: 'email', type: 'weekly', days: ['thursday'], hours: 19, minutes: 0, frequency: 30, anchorDate: '2026-11-23' });
    // The treatment companion: a side effect in the diary and a milestone.
    await db().insert(sideEffectDiaryEntries).values({ customerId: patient.customerId, symptom: 'nausea', severity: 'mild', occurredOn: '2026-11-23', redFlags: [], outcome: 'self-care', rules: [] });
    await db().insert(weightMilestones).values({ customerId: patient.customerId, code: 'first-entry', reachedAt: new Date() });
    await db().insert(notifications).values({ customerId: patient.customerId, template: 'weight-reminder', channel: 'email', recipient: patient.email, data: { version: 1, at: '2026-12-01T09:00:00Z' }, dedupeKey: `reminder-${randomUUID()}`, sendAfter: new Date(Date.now() + 86_400_000) });
    const [pastMessage] = await db().insert(notifications).values({ customerId: patient.customerId, template: 'password-changed', channel: 'email', recipient: patient.email, data: {}, dedupeKey: `past-${randomUUID()}`, status: 'sent' }).returning();
    await db().insert(socialIdentities).values({ provider: 'google', subject: randomUUID(), customerId: patient.customerId });
    const [coach] = await db().select().from(coaches).limit(1);
    await db().insert(coachAssignments).values({ customerId: patient.customerId, coachId: coach!.id, relationship: 'Weight Loss Coach' });
    const callStart = new Date(Date.now() + 3 * 86_400_000);
    const [call] = await db().insert(coachAppointments).values({ customerId: patient.customerId, coachId: coach!.id, startsAt: callStart, endsAt: new Date(callStart.getTime() + 20 * 60_000), source: 'built-in' }).returning();
    expect(await count(paymentTokens, patient.customerId)).toBeGreaterThan(0);
    const consultationWeights = await db().select().from(weightLogs).where(and(eq(weightLogs.customerId, patient.customerId), eq(weightLogs.source, 'consultation')));
    expect(consultationWeights.length).toBe(1);

    const id = await requestDeletion(patient);
    const open = await as(support, 'GET', `/deletion-requests/${id}`);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ state: 'requested', openPlans: 1, ordersInProgress: [{ number: orderNumber, state: 'approved' }], daysLeft: expect.any(Number) });

    // Approved but not yet dispatched: the staff member must finish it first.
    const blocked = await as(support, 'POST', `/deletion-requests/${id}/confirm`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'ORDERS_IN_PROGRESS', message: DELETION_BLOCKED_MESSAGE });
    expect(await count(addresses, patient.customerId)).toBe(1);
    expect((await as(pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' })).statusCode).toBe(200);

    const confirmed = await as(support, 'POST', `/deletion-requests/${id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ state: 'completed', completedAt: expect.any(String), ordersInProgress: [], openPlans: 0 });

    // The patient can no longer sign in, and the session they had is over.
    expect((await login(patient.email)).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/shop-api/me/deletion-request', headers: { cookie: patient.cookie } })).statusCode).toBe(401);
    for (const table of [addresses, paymentTokens, socialIdentities, refreshTokens, reminderSettings] as const) expect(await count(table, patient.customerId)).toBe(0);
    expect(await db().$count(sideEffectDiaryEntries, eq(sideEffectDiaryEntries.customerId, patient.customerId))).toBe(0);
    expect(await db().$count(weightMilestones, eq(weightMilestones.customerId, patient.customerId))).toBe(0);
    const weights = await db().select().from(weightLogs).where(eq(weightLogs.customerId, patient.customerId));
    expect(weights.map((entry) => entry.source)).toEqual(['consultation']);
    const [reminderSend] = await db().select().from(notifications).where(and(eq(notifications.customerId, patient.customerId), eq(notifications.template, 'weight-reminder')));
    expect(reminderSend!.status).toBe('cancelled');
    // The coach call ahead is cancelled, freeing the coach's slot, and the coach assignment ends.
    const [cancelledCall] = await db().select().from(coachAppointments).where(eq(coachAppointments.id, call!.id));
    expect(cancelledCall).toMatchObject({ status: 'cancelled', cancelledBy: 'account-deleted' });
    expect(await db().select().from(coachAssignments).where(eq(coachAssignments.customerId, patient.customerId))).toEqual([]);
    const [past] = await db().select().from(notifications).where(eq(notifications.id, pastMessage!.id));
    expect(past!.recipient).toBe('deleted');

    // Kept: the order with its snapshot, and the patient's name and date of birth it is a record of.
    const [row] = await db().select().from(customers).where(eq(customers.id, patient.customerId));
    expect(row).toMatchObject({ firstName: 'Alex', lastName: 'Smith', birthday: '1980-01-01', passwordHash: null, phoneNumber: null, subscribedToNewsletter: false, defaultShippingAddressId: null });
    expect(row!.email).toMatch(/^deleted-[0-9a-f-]+@deleted\.invalid$/);
    const [kept] = await db().select().from(orders).where(eq(orders.number, orderNumber));
    expect(kept!.state).toBe('dispatched');
    expect(kept!.shippingAddress).toMatchObject({ postcode: TEST_ADDRESS.postcode });

    // The plan ended through the lifecycle, as support's cancellation does.
    const [ended] = await db().select().from(subscriptions).where(eq(subscriptions.id, plan!.id));
    expect(ended!.state).toBe('cancelled');
    const events = await db().select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, plan!.id));
    expect(events.at(-1)).toMatchObject({ event: 'cancelled', toState: 'cancelled', actorType: 'support', reason: 'The patient asked us to delete their account' });

    // The confirmation goes to the address the patient had, and the decision is audited.
    const [email] = await db().select().from(notifications).where(and(eq(notifications.customerId, patient.customerId), eq(notifications.template, 'account-deleted')));
    expect(email).toMatchObject({ recipient: patient.email, status: 'queued' });
    await deliverNotifications({ app: ctx.app, db: db() });
    const mail = await db().select().from(mailOutbox).where(eq(mailOutbox.to, patient.email));
    expect(mail.map((message) => message.subject)).toContain('Your Elmwood Health account has been deleted');
    expect(mail.find((message) => message.subject.endsWith('account has been deleted'))!.text).toContain('Prescriptions and the medicines we supplied: kept 8 years after your last treatment with us.');
    expect(await confirmAudits(id)).toHaveLength(1);
    expect((await confirmAudits(id))[0]).toMatchObject({ staffId: support.row.id, patientId: patient.customerId });
  });

  it('deletes the kept cards at the gateway from a job queued by the committed deletion, once per card; running the job again is harmless', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const { orderNumber } = await orderInReview(ctx, patient.cookie);
    await verifyPatient(ctx, prescriber, orderNumber);
    expect((await as(prescriber, 'POST', `/orders/${orderNumber}/approve`, NO_GP_CONSENT)).statusCode).toBe(200);
    const [card] = await db().select().from(paymentTokens).where(eq(paymentTokens.customerId, patient.customerId));
    const renew = (key: string) =>
      ctx.app.paymentGateway.chargeSavedCard({ amount: 100, reference: `REN-${key}`, sourceId: card!.gatewaySourceId, previousPaymentId: card!.initialPaymentId!, idempotencyKey: key });
    expect((await renew(randomUUID())).status).toBe('authorised');

    const id = await requestDeletion(patient);
    // Refused while the order is open: the transaction rolls back with its job.
    expect((await as(support, 'POST', `/deletion-requests/${id}/confirm`)).statusCode).toBe(409);
    expect(await cardJobs(card!.gatewaySourceId)).toEqual([]);
    expect((await as(pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' })).statusCode).toBe(200);
    const confirms = await Promise.all([as(support, 'POST', `/deletion-requests/${id}/confirm`), as(admin, 'POST', `/deletion-requests/${id}/confirm`)]);
    expect(confirms.map((reply) => reply.statusCode)).toEqual([200, 200]);

    const jobs = await cardJobs(card!.gatewaySourceId);
    expect(jobs).toHaveLength(1);
    // Until the job runs, the gateway still keeps the card.
    expect((await renew(randomUUID())).status).toBe('authorised');
    const run = deleteStoredCardJob(ctx.app.paymentGateway);
    await run(jobs[0]!.data);
    await expect(renew(randomUUID())).rejects.toMatchObject({ reason: 'invalid_token' });
    const [source] = await db().select().from(sandboxSources).where(eq(sandboxSources.id, card!.gatewaySourceId));
    expect(source!.deletedAt).toBeInstanceOf(Date);
    // A repeat (a retry after a lost reply) succeeds and changes nothing.
    await run(jobs[0]!.data);
    const [again] = await db().select().from(sandboxSources).where(eq(sandboxSources.id, card!.gatewaySourceId));
    expect(again!.deletedAt).toEqual(source!.deletedAt);
  });

  it('deletes once when two members confirm at the same moment, and a patient with no clinical record keeps no name', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    expect((await login(patient.email)).statusCode).toBe(200);
    const id = await requestDeletion(patient);
    const replies = await Promise.all([as(support, 'POST', `/deletion-requests/${id}/confirm`), as(admin, 'POST', `/deletion-requests/${id}/confirm`), as(support, 'POST', `/deletion-requests/${id}/confirm`)]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    expect(replies.map((reply) => reply.json().state)).toEqual(['completed', 'completed', 'completed']);
    expect(await confirmAudits(id)).toHaveLength(1);
    expect(await db().$count(notifications, and(eq(notifications.customerId, patient.customerId), eq(notifications.template, 'account-deleted')))).toBe(1);
    const [row] = await db().select().from(customers).where(eq(customers.id, patient.customerId));
    expect(row).toMatchObject({ firstName: 'Deleted', lastName: 'account', birthday: null });
    expect((await login(patient.email)).statusCode).toBe(401);
  });

  it('lists open requests oldest first with the days left of the one-month deadline; completed ones leave the list', async () => {
    const first = await signedInPatientWithId(ctx.app, db(), { firstName: 'Olive' });
    const second = await signedInPatientWithId(ctx.app, db(), { firstName: 'Newton' });
    const older = await requestDeletion(first);
    const newer = await requestDeletion(second);
    await db().update(accountDeletionRequests).set({ requestedAt: new Date(Date.now() - 10 * 86_400_000) }).where(eq(accountDeletionRequests.publicId, older));
    const list = (await as(support, 'GET', '/deletion-requests')).json().requests as { id: string; patient: { name: string }; daysLeft: number }[];
    const mine = list.filter((entry) => entry.id === older || entry.id === newer);
    expect(mine.map((entry) => entry.patient.name)).toEqual(['Olive Smith', 'Newton Smith']);
    expect(mine[0]!.daysLeft).toBeLessThan(mine[1]!.daysLeft);
    expect(mine[1]!.daysLeft).toBeGreaterThanOrEqual(28);
    await as(admin, 'POST', `/deletion-requests/${older}/confirm`);
    const after = (await as(support, 'GET', '/deletion-requests')).json().requests as { id: string }[];
    expect(after.map((entry) => entry.id)).not.toContain(older);
    expect(await db().$count(staffAuditLog, and(eq(staffAuditLog.action, 'read-deletion-requests'), eq(staffAuditLog.staffId, support.row.id)))).toBeGreaterThanOrEqual(2);
  });

  it('is for support and admin only; an unknown request is 404 and a malformed id 400', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const id = await requestDeletion(patient);
    for (const member of [prescriber, pharmacist]) {
      expect((await as(member, 'GET', '/deletion-requests')).statusCode).toBe(403);
      expect((await as(member, 'GET', `/deletion-requests/${id}`)).statusCode).toBe(403);
      expect((await as(member, 'POST', `/deletion-requests/${id}/confirm`)).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/deletion-requests/${id}/confirm`, headers: { cookie: patient.cookie } })).statusCode).toBe(401);
    expect((await as(support, 'POST', `/deletion-requests/${randomUUID()}/confirm`)).statusCode).toBe(404);
    expect((await as(support, 'GET', '/deletion-requests/not-an-id')).statusCode).toBe(400);
    const [request] = await db().select().from(accountDeletionRequests).where(eq(accountDeletionRequests.publicId, id));
    expect(request!.state).toBe('requested');
  });
});
