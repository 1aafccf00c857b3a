import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAuditLog } from '../../db/schema/clinic';
import { notifications } from '../../db/schema/notifications';
import { supportMessages, supportThreads } from '../../db/schema/support';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { deliverNotifications } from '../../../test/support/notifications';
import { signedInPatient } from '../../../test/support/patients';
import { startSmtpServer } from '../../../test/support/smtp';
import { photoForm } from '../../../test/support/uploads';
import sharp from 'sharp';
import { orderInReview, signedInStaff, uploadPhoto, type SignedInStaff } from '../../../test/support/staff';

const INBOX = 'clinic-inbox@elmwood-health.example';
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let support: SignedInStaff;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, SUPPORT_INBOX: INBOX, AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  support = await signedInStaff(ctx, 'support');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const db = () => ctx.database.db;
const send = (cookie: string, payload: unknown, key = randomUUID()) =>
  ctx.app.inject({ method: 'POST', url: '/shop-api/support/threads', headers: { cookie, 'idempotency-key': key }, payload: payload as object });
const staffCall = (member: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/shop-api/clinic${url}`,
    headers: { cookie: member.cookie, ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('a patient writing to the clinic', () => {
  it('stores the message, lists it in their thread and emails the clinic inbox once through a real SMTP server', async () => {
    const patient = await signedInPatient(ctx.app);
    const key = randomUUID();
    const first = await send(patient, { subject: '  Delivery question ', message: 'When will my pen arrive?' }, key);
    expect(first.statusCode).toBe(201);
    const thread = first.json();
    expect(thread).toMatchObject({ subject: 'Delivery question', status: 'awaiting_clinic', messages: [{ from: 'patient', body: 'When will my pen arrive?', authorName: null }] });

    // The same send again (a double click, a retry) finds the message it made.
    const again = await send(patient, { subject: 'Delivery question', message: 'When will my pen arrive?' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(thread.id);
    expect(await db().select().from(supportMessages).where(eq(supportMessages.threadId, thread.id))).toHaveLength(1);

    const listed = await ctx.app.inject({ url: '/shop-api/support/threads', headers: { cookie: patient } });
    expect(listed.json().threads).toEqual([expect.objectContaining({ id: thread.id, messages: [expect.objectContaining({ body: 'When will my pen arrive?' })] })]);

    await deliverNotifications({ app: ctx.app, db: db() });
    await deliverNotifications({ app: ctx.app, db: db() });
    const mails = smtp.inbox.filter((mail) => mail.to === INBOX && mail.html.includes(thread.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New patient message for Elmwood Health support');
    expect(mails[0]!.text).toContain(`/clinic/support/${thread.id}`);
    // The message may hold health details: the email says only where to read it.
    expect(mails[0]!.text).not.toContain('pen arrive');
    expect(mails[0]!.headers.has('list-unsubscribe')).toBe(false);
  });

  it('opens one conversation and one inbox email when the same send arrives five times at once', async () => {
    const patient = await signedInPatient(ctx.app);
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 5 }, () => send(patient, { subject: 'Twice?', message: 'Pressed send again' }, key)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(replies.map((reply) => reply.json().id)).size).toBe(1);
    const threadId = replies[0]!.json().id as string;
    expect(await db().select().from(supportMessages).where(eq(supportMessages.threadId, threadId))).toHaveLength(1);
    const mails = (await db().select().from(notifications).where(eq(notifications.template, 'support-message'))).filter((row) => (row.data as { threadId: string }).threadId === threadId);
    expect(mails).toHaveLength(1);
  });

  it("answers 'Required' for a blank subject or message and stores nothing", async () => {
    const patient = await signedInPatient(ctx.app);
    const res = await send(patient, { subject: ' ', message: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues).toEqual([
      { field: 'body.subject', message: 'Required' },
      { field: 'body.message', message: 'Required' },
    ]);
    expect((await ctx.app.inject({ url: '/shop-api/support/threads', headers: { cookie: patient } })).json().threads).toEqual([]);
  });

  it('needs a signed-in patient', async () => {
    expect((await ctx.app.inject({ url: '/shop-api/support/threads' })).statusCode).toBe(401);
    expect((await send('', { subject: 'a', message: 'b' })).statusCode).toBe(401);
  });

  it("answers 404 for another patient's thread, to read or to write in", async () => {
    const owner = await signedInPatient(ctx.app);
    const other = await signedInPatient(ctx.app);
    const thread = (await send(owner, { subject: 'Private', message: 'About my dose' })).json();
    const read = await ctx.app.inject({ url: `/shop-api/support/threads/${thread.id}`, headers: { cookie: other } });
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('We could not find that conversation.');
    const write = await ctx.app.inject({ method: 'POST', url: `/shop-api/support/threads/${thread.id}/messages`, headers: { cookie: other, 'idempotency-key': randomUUID() }, payload: { message: 'hi' } });
    expect(write.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/shop-api/support/threads', headers: { cookie: other } })).json().threads).toEqual([]);
    expect((await ctx.app.inject({ url: `/shop-api/support/threads/${thread.id}`, headers: { cookie: owner } })).statusCode).toBe(200);
  });
});

describe('support staff answering patients', () => {
  it('lists waiting threads, reads one and replies; the reply appears in the patient’s thread; every read and reply is audited', async () => {
    const patient = await signedInPatient(ctx.app, { firstName: 'Robin', lastName: 'Hale' });
    const thread = (await send(patient, { subject: 'Side effects', message: 'I feel sick after my dose' })).json();

    const inbox = await staffCall(support, 'GET', '/support');
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json().threads).toContainEqual(expect.objectContaining({ id: thread.id, subject: 'Side effects', patient: { name: 'Robin Hale' }, messageCount: 1 }));

    const read = await staffCall(support, 'GET', `/support/${thread.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ patient: { name: 'Robin Hale' }, messages: [{ from: 'patient', body: 'I feel sick after my dose' }] });

    const replyKey = randomUUID();
    const [replied, repeated] = await Promise.all(
      [0, 1].map(() =>
        ctx.app.inject({
          method: 'POST',
          url: `/shop-api/clinic/support/${thread.id}/replies`,
          headers: { cookie: support.cookie, 'idempotency-key': replyKey },
          payload: { message: 'Sorry to hear that. A clinician will call you today.' },
        }),
      ),
    );
    expect(replied!.statusCode).toBe(201);
    expect(repeated!.statusCode).toBe(201);
    expect(replied!.json().status).toBe('answered');

    const seen = (await ctx.app.inject({ url: `/shop-api/support/threads/${thread.id}`, headers: { cookie: patient } })).json();
    expect(seen.status).toBe('answered');
    expect(seen.messages.map((message: { from: string; body: string; authorName: string | null }) => [message.from, message.body, message.authorName])).toEqual([
      ['patient', 'I feel sick after my dose', null],
      ['clinic', 'Sorry to hear that. A clinician will call you today.', 'Test'],
    ]);
    // Answered, it leaves the inbox; the patient writing again brings it back.
    expect((await staffCall(support, 'GET', '/support')).json().threads.map((row: { id: string }) => row.id)).not.toContain(thread.id);
    const followUp = await ctx.app.inject({ method: 'POST', url: `/shop-api/support/threads/${thread.id}/messages`, headers: { cookie: patient, 'idempotency-key': randomUUID() }, payload: { message: 'Thank you' } });
    expect(followUp.json().status).toBe('awaiting_clinic');
    expect((await staffCall(support, 'GET', '/support')).json().threads.map((row: { id: string }) => row.id)).toContain(thread.id);

    const audit = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.staffId, support.row.id), eq(staffAuditLog.resourceId, thread.id)));
    // One read, then the reply sent twice: one reply recorded, and each answer's thread read logged.
    expect(audit.map((row) => row.action).sort()).toEqual(['read-support-thread', 'read-support-thread', 'read-support-thread', 'support-reply']);
    expect(audit.every((row) => row.patientId !== null)).toBe(true);
    const inboxReads = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.staffId, support.row.id), eq(staffAuditLog.action, 'read-support-inbox')));
    expect(inboxReads.length).toBeGreaterThanOrEqual(3);
    // The patient's two messages are emailed to the clinic inbox; the reply, to the patient, without its text.
    const ofThread = (rows: (typeof notifications.$inferSelect)[]) => rows.filter((row) => (row.data as { threadId: string }).threadId === thread.id);
    const toInbox = ofThread(await db().select().from(notifications).where(eq(notifications.template, 'support-message')));
    expect(toInbox.map((row) => row.recipient)).toEqual([INBOX, INBOX]);
    const toPatient = ofThread(await db().select().from(notifications).where(eq(notifications.template, 'support-reply')));
    expect(toPatient).toHaveLength(1);
    expect(toPatient[0]!.recipient).toMatch(/^patient-.*@example\.com$/);
    const rendered = await ctx.app.notifications.renderEmail(toPatient[0]!);
    expect(rendered.subject).toBe('We have replied to your message');
    expect(rendered.text).toContain('/account/support');
    expect(rendered.text).not.toContain('clinician will call');
  });

  it('refuses the inbox to prescribers and pharmacists, and to any patient session', async () => {
    const patient = await signedInPatient(ctx.app);
    const thread = (await send(patient, { subject: 'Hello', message: 'Question' })).json();
    for (const role of ['prescriber', 'pharmacist'] as const) {
      const member = await signedInStaff(ctx, role);
      expect((await staffCall(member, 'GET', '/support')).statusCode).toBe(403);
      expect((await staffCall(member, 'POST', `/support/${thread.id}/replies`, { message: 'x' })).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/shop-api/clinic/support', headers: { cookie: patient } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/shop-api/clinic/support/${randomUUID()}`, headers: { cookie: support.cookie } })).statusCode).toBe(404);
    const admin = await signedInStaff(ctx, 'admin');
    expect((await staffCall(admin, 'GET', '/support')).statusCode).toBe(200);
  });

  it('shows the prescriber the patient’s support messages on the order review, and logs that read', async () => {
    const patient = await signedInPatient(ctx.app);
    const { orderNumber } = await orderInReview(ctx, patient);
    const thread = (await send(patient, { subject: 'Before you review', message: 'I started a new blood pressure tablet' })).json();
    await staffCall(support, 'POST', `/support/${thread.id}/replies`, { message: 'Thanks, we have passed this to the prescriber.' });
    const prescriber = await signedInStaff(ctx, 'prescriber');

    const review = await staffCall(prescriber, 'GET', `/orders/${orderNumber}`);
    expect(review.statusCode).toBe(200);
    expect(review.json().supportThreads).toEqual([
      expect.objectContaining({
        id: thread.id,
        subject: 'Before you review',
        messages: [expect.objectContaining({ from: 'patient', body: 'I started a new blood pressure tablet' }), expect.objectContaining({ from: 'clinic' })],
      }),
    ]);
    const [logged] = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.staffId, prescriber.row.id), eq(staffAuditLog.action, 'read-support-messages')));
    expect(logged).toMatchObject({ orderNumber, resource: 'support-thread', resourceId: thread.id });
    expect(await db().select().from(supportThreads).where(eq(supportThreads.id, thread.id))).toHaveLength(1);
  });
});

describe('a photo attached to a support message', () => {
  async function supportPhoto(cookie: string): Promise<string> {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3322' } }).png().toBuffer();
    const form = await photoForm({ name: 'Photo for the care team' }, [{ name: 'parcel.png', bytes, type: 'image/png' }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/shop-api/messages/category/S', headers: { cookie, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().uploads[0].id as string;
  }

  it('goes through the photo upload, is shown to its owner and to support staff (audited), and to nobody else', async () => {
    const patient = await signedInPatient(ctx.app);
    const photoId = await supportPhoto(patient);
    const sent = await send(patient, { subject: 'Damaged parcel', message: 'The box arrived crushed', photoId });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().messages[0].photoId).toBe(photoId);
    const own = await ctx.app.inject({ url: `/shop-api/uploads/${photoId}`, headers: { cookie: patient } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');

    const read = await staffCall(support, 'GET', `/uploads/${photoId}`);
    expect(read.statusCode).toBe(200);
    const [logged] = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.staffId, support.row.id), eq(staffAuditLog.resourceId, photoId)));
    expect(logged).toMatchObject({ action: 'read-photo', resource: 'photo' });

    // Support staff see support photos only: never an identity or weight photo.
    const idPhoto = await uploadPhoto(ctx, patient, 'I');
    expect((await staffCall(support, 'GET', `/uploads/${idPhoto}`)).statusCode).toBe(403);
  });

  it("refuses another patient's photo, or an identity photo, as an attachment", async () => {
    const owner = await signedInPatient(ctx.app);
    const other = await signedInPatient(ctx.app);
    const theirs = await supportPhoto(owner);
    const foreign = await send(other, { subject: 'Hello', message: 'See photo', photoId: theirs });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('We could not find that photo. Please attach it again.');
    const idPhoto = await uploadPhoto(ctx, owner, 'I');
    expect((await send(owner, { subject: 'Hello', message: 'See photo', photoId: idPhoto })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/shop-api/support/threads', headers: { cookie: other } })).json().threads).toEqual([]);
  });
});
