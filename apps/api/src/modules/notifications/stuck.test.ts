import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletedEmail, STUCK_MESSAGE_MINUTES } from '@elmwood/domain';
import { staffAuditLog } from '../../db/schema/clinic';
import { customers, mailOutbox } from '../../db/schema/customers';
import { notifications } from '../../db/schema/notifications';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { deliverNotifications } from '../../../test/support/notifications';
import { signedInStaff, type SignedInStaff } from '../../../test/support/staff';

/** The API's clock: real time, except where a test holds it still to stand exactly on the 15-minute boundary. */
let frozen: Date | null = null;
let ctx: TestContext;
let admin: SignedInStaff;
let others: SignedInStaff[];
let patient: Patient;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' }, { now: () => frozen ?? new Date() });
  admin = await signedInStaff(ctx, 'admin');
  others = [await signedInStaff(ctx, 'prescriber'), await signedInStaff(ctx, 'pharmacist'), await signedInStaff(ctx, 'support')];
  patient = await signedInPatientWithId(ctx.app, ctx.database.db, { firstName: 'Jo', lastName: 'Reed' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const as = (member: SignedInStaff, method: 'GET' | 'POST', url: string) => ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie } });
const minutesAgo = (minutes: number, from = new Date()) => new Date(from.getTime() - minutes * 60_000);

/** A message as a crashed send leaves it: claimed, never finished. */
async function stuckMessage(claimedAt: Date | null, overrides: Partial<typeof notifications.$inferInsert> = {}) {
  const [row] = await db()
    .insert(notifications)
    .values({ customerId: patient.customerId, template: 'password-changed', channel: 'email', recipient: patient.email, data: {}, dedupeKey: `stuck-${randomUUID()}`, status: 'sending', attempts: 1, claimedAt, ...overrides })
    .returning();
  return row!;
}
const auditsOf = (id: number) => db().select().from(staffAuditLog).where(and(eq(staffAuditLog.resource, 'notification'), eq(staffAuditLog.resourceId, String(id))));
const sendJobsOf = async (id: number) =>
  ((await db().execute(sql`select id from pgboss.job where name = 'notification-sends' and (data->>'id')::int = ${id}`)) as unknown as { rows: unknown[] }).rows;

describe('stuck messages in the clinic console', () => {
  it('is for admins only: other roles get 403, and no session 401', async () => {
    const row = await stuckMessage(minutesAgo(60));
    for (const member of others) {
      expect((await as(member, 'GET', '/messages')).statusCode).toBe(403);
      expect((await as(member, 'POST', `/messages/${row.id}/send-again`)).statusCode).toBe(403);
      expect((await as(member, 'POST', `/messages/${row.id}/mark-sent`)).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/shop-api/clinic/messages' })).statusCode).toBe(401);
    const [unchanged] = await db().select().from(notifications).where(eq(notifications.id, row.id));
    expect(unchanged!.status).toBe('sending');
    await db().delete(notifications).where(eq(notifications.id, row.id));
  });

  it(`lists messages in 'sending' for more than ${STUCK_MESSAGE_MINUTES} minutes, with a masked address and never the content`, async () => {
    frozen = new Date();
    try {
      const onTheBoundary = await stuckMessage(minutesAgo(STUCK_MESSAGE_MINUTES, frozen));
      const justPast = await stuckMessage(new Date(minutesAgo(STUCK_MESSAGE_MINUTES, frozen).getTime() - 1000), { template: 'order-placed', data: { orderNumber: 'EH-SECRET-0001' } });
      const fromBeforeClaimedAt = await stuckMessage(null, { createdAt: minutesAgo(120, frozen), channel: 'sms', recipient: '+447700900123' });
      const queuedLongAgo = await stuckMessage(minutesAgo(60, frozen), { status: 'queued' });
      const reply = await as(admin, 'GET', '/messages');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toContain('no-store');
      const ids = reply.json().messages.map((message: { id: number }) => message.id);
      expect(ids).toContain(justPast.id);
      expect(ids).toContain(fromBeforeClaimedAt.id);
      expect(ids).not.toContain(onTheBoundary.id);
      expect(ids).not.toContain(queuedLongAgo.id);
      expect(ids.indexOf(fromBeforeClaimedAt.id)).toBeLessThan(ids.indexOf(justPast.id));
      expect(reply.json().messages).toContainEqual({
        id: justPast.id,
        template: 'order-placed',
        channel: 'email',
        claimedAt: justPast.claimedAt!.toISOString(),
        patient: { name: 'Jo Reed' },
        recipient: `${patient.email[0]}•••${patient.email.slice(patient.email.indexOf('@'))}`,
      });
      expect(reply.json().messages).toContainEqual(expect.objectContaining({ id: fromBeforeClaimedAt.id, channel: 'sms', recipient: '•••• 123' }));
      expect(reply.body).not.toContain(patient.email);
      expect(reply.body).not.toContain('+447700900123');
      expect(reply.body).not.toContain('EH-SECRET-0001');
      // A second later the boundary's message is listed too.
      frozen = new Date(frozen.getTime() + 1000);
      expect((await as(admin, 'GET', '/messages')).json().messages.map((message: { id: number }) => message.id)).toContain(onTheBoundary.id);
    } finally {
      frozen = null;
      await db().delete(notifications).where(eq(notifications.customerId, patient.customerId));
    }
  });

  it('sends a message again once under two concurrent clicks: one audit row, one send job, one email', async () => {
    const row = await stuckMessage(minutesAgo(30));
    const replies = await Promise.all([as(admin, 'POST', `/messages/${row.id}/send-again`), as(admin, 'POST', `/messages/${row.id}/send-again`)]);
    expect(replies.map((reply) => [reply.statusCode, reply.json()])).toEqual([
      [200, { id: row.id, status: 'queued' }],
      [200, { id: row.id, status: 'queued' }],
    ]);
    expect(await auditsOf(row.id)).toMatchObject([{ action: 'send-stuck-message-again', staffId: admin.row.id, patientId: patient.customerId }]);
    expect(await sendJobsOf(row.id)).toHaveLength(1);
    // Gone from the list, and a later click changes nothing.
    expect((await as(admin, 'GET', '/messages')).json().messages).toEqual([]);
    await deliverNotifications({ app: ctx.app, db: db() });
    expect((await as(admin, 'POST', `/messages/${row.id}/send-again`)).json()).toEqual({ id: row.id, status: 'sent' });
    expect(await auditsOf(row.id)).toHaveLength(1);
    const mail = await db().select().from(mailOutbox).where(eq(mailOutbox.to, patient.email));
    expect(mail.filter((message) => /password/i.test(message.subject))).toHaveLength(1);
  });

  it('marks a message as sent once under two concurrent clicks, without sending it', async () => {
    const row = await stuckMessage(minutesAgo(30), { template: 'password-reset', data: { token: 'one-time-secret' } });
    const replies = await Promise.all([as(admin, 'POST', `/messages/${row.id}/mark-sent`), as(admin, 'POST', `/messages/${row.id}/mark-sent`)]);
    expect(replies.map((reply) => reply.json())).toEqual([
      { id: row.id, status: 'sent' },
      { id: row.id, status: 'sent' },
    ]);
    expect(await auditsOf(row.id)).toMatchObject([{ action: 'mark-stuck-message-sent' }]);
    expect(await sendJobsOf(row.id)).toEqual([]);
    const [settled] = await db().select().from(notifications).where(eq(notifications.id, row.id));
    // The one-time link goes, as it does once a send finishes.
    expect(settled).toMatchObject({ status: 'sent', sentAt: row.claimedAt, data: {} });
    // Sending it again now does nothing.
    expect((await as(admin, 'POST', `/messages/${row.id}/send-again`)).json()).toEqual({ id: row.id, status: 'sent' });
  });

  it('marks a deleted account’s message as sent without keeping its address', async () => {
    const gone = await signedInPatientWithId(ctx.app, db());
    const [row] = await db()
      .insert(notifications)
      .values({ customerId: gone.customerId, template: 'account-deleted', channel: 'email', recipient: gone.email, data: {}, dedupeKey: `stuck-${randomUUID()}`, status: 'sending', attempts: 1, claimedAt: minutesAgo(30) })
      .returning();
    await db().update(customers).set({ email: deletedEmail(randomUUID()) }).where(eq(customers.id, gone.customerId));
    expect((await as(admin, 'POST', `/messages/${row!.id}/mark-sent`)).json()).toEqual({ id: row!.id, status: 'sent' });
    const [settled] = await db().select().from(notifications).where(eq(notifications.id, row!.id));
    expect(settled!.recipient).toBe('deleted');
    const [kept] = await db().select().from(notifications).where(eq(notifications.customerId, patient.customerId)).limit(1);
    expect(kept!.recipient).toBe(patient.email);
  });

  it('answers 404 for an unknown message, 400 for a malformed id, and leaves a message not yet stuck alone', async () => {
    expect((await as(admin, 'POST', '/messages/2147483000/send-again')).statusCode).toBe(404);
    expect((await as(admin, 'POST', '/messages/abc/mark-sent')).statusCode).toBe(400);
    expect((await as(admin, 'POST', '/messages/99999999999/mark-sent')).statusCode).toBe(400);
    const fresh = await stuckMessage(minutesAgo(1));
    expect((await as(admin, 'POST', `/messages/${fresh.id}/mark-sent`)).json()).toEqual({ id: fresh.id, status: 'sending' });
    expect(await auditsOf(fresh.id)).toEqual([]);
  });
});
