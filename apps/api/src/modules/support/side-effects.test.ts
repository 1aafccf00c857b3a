import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCallingHours, SEVERE_SIDE_EFFECT_RULE, URGENT_CONTACT_POLICY, urgentContactLine, urgentItemDue, type AuditLogPage, type SideEffectReportReply, type UrgentItem, type UrgentQueue } from '@elmwood/domain';
import { staffAuditLog } from '../../db/schema/clinic';
import { supportThreads } from '../../db/schema/support';
import { customers, mailOutbox } from '../../db/schema/customers';
import { notifications } from '../../db/schema/notifications';
import { urgentClinicalItems } from '../../db/schema/urgent-care';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatientWithId } from '../../../test/support/account';
import { deliverNotifications } from '../../../test/support/notifications';
import { signedInStaff, type SignedInStaff } from '../../../test/support/staff';

let ctx: TestContext;
let prescriber: SignedInStaff;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  prescriber = await signedInStaff(ctx, 'prescriber');
});
afterAll(async () => {
  await ctx.close();
});

const db = () => ctx.database.db;
const report = (cookie: string, payload: unknown, key = randomUUID()) =>
  ctx.app.inject({ method: 'POST', url: '/shop-api/support/side-effects', headers: { cookie, 'idempotency-key': key }, payload: payload as object });
const openItems = (customerId: number) => db().select().from(urgentClinicalItems).where(and(eq(urgentClinicalItems.customerId, customerId), isNull(urgentClinicalItems.closedAt)));
const SEVERE = { severity: 'severe', description: 'Since my last dose I have been sick all day and cannot keep water down.' };

describe('a side effect the patient reports', () => {
  it('marked severe opens one urgent item with the rule, its source and the words the patient wrote; the email names the call time and the Yellow Card scheme', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const key = randomUUID();
    const res = await report(patient.cookie, SEVERE, key);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<SideEffectReportReply>();
    const [item] = await openItems(patient.customerId);
    expect(body).toMatchObject({ urgent: true, contactBy: item!.dueAt.toISOString(), thread: { subject: 'Side effect report (severe)' } });
    expect(item!.rules).toEqual([SEVERE_SIDE_EFFECT_RULE]);
    // Same day: within the calling hours of URGENT_CONTACT_POLICY.sameDayHours.
    expect(item!.dueAt).toEqual(urgentItemDue([SEVERE_SIDE_EFFECT_RULE], item!.createdAt));
    expect(urgentItemDue([SEVERE_SIDE_EFFECT_RULE], item!.createdAt)).toEqual(addCallingHours(item!.createdAt, URGENT_CONTACT_POLICY.sameDayHours));
    expect(item!.answers).toEqual([
      { question: 'How bad is the side effect?', answer: 'Severe: it stops me doing everyday things, or it worries me' },
      { question: 'What happened?', answer: SEVERE.description },
    ]);

    // A repeat of the same send raises nothing again, and answers as the first did: the call time included.
    const repeat = await report(patient.cookie, SEVERE, key);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json<SideEffectReportReply>()).toEqual(body);
    expect(await openItems(patient.customerId)).toHaveLength(1);
    expect(await db().select().from(notifications).where(and(eq(notifications.template, 'side-effect-reported'), eq(notifications.customerId, patient.customerId)))).toHaveLength(1);

    // The prescriber finds it in the urgent queue and reads it in words.
    const queue = (await ctx.app.inject({ url: '/shop-api/clinic/urgent', headers: { cookie: prescriber.cookie } })).json<UrgentQueue>();
    expect(queue.items.find((entry) => entry.id === item!.id)).toMatchObject({ reasons: [SEVERE_SIDE_EFFECT_RULE.summary] });
    const opened = (await ctx.app.inject({ url: `/shop-api/clinic/urgent/${item!.id}`, headers: { cookie: prescriber.cookie } })).json<UrgentItem>();
    expect(opened.answers).toContainEqual({ question: 'What happened?', answer: SEVERE.description });

    await deliverNotifications({ app: ctx.app, db: db() }, new Date());
    const [customer] = await db().select({ email: customers.email }).from(customers).where(eq(customers.id, patient.customerId));
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, customer!.email)).orderBy(asc(mailOutbox.id));
    const mail = mails.find((row) => row.subject === 'We have your side effect report');
    expect(mail, mails.map((row) => row.subject).join(', ')).toBeDefined();
    expect(mail!.text).toContain(urgentContactLine(item!.dueAt));
    expect(mail!.text).toContain('MHRA Yellow Card scheme');
    expect(mail!.html).toContain('href="https://yellowcard.mhra.gov.uk/"');
  });

  it.each(['mild', 'moderate'])('marked %s goes to the care team’s messages, with no urgent item', async (severity) => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const res = await report(patient.cookie, { severity, description: 'A little sick after each dose.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<SideEffectReportReply>()).toMatchObject({ urgent: false, contactBy: null, thread: { subject: `Side effect report (${severity})` } });
    expect(await openItems(patient.customerId)).toEqual([]);
  });

  it('joins an urgent item already open for the patient, keeping the earlier due time', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    await report(patient.cookie, SEVERE);
    const [first] = await openItems(patient.customerId);
    await report(patient.cookie, { severity: 'severe', description: 'Now I also feel dizzy.' });
    const items = await openItems(patient.customerId);
    expect(items).toHaveLength(1);
    expect(items[0]!.dueAt).toEqual(first!.dueAt);
    expect(items[0]!.answers.map((answer) => answer.answer)).toContain('Now I also feel dizzy.');
  });

  it('sent again after the item was closed still names the call time it was due by (its calling hours from the report)', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const key = randomUUID();
    const first = (await report(patient.cookie, SEVERE, key)).json<SideEffectReportReply>();
    const [item] = await openItems(patient.customerId);
    const clinic = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/urgent/${item!.id}${url}`, headers: { cookie: prescriber.cookie }, payload });
    expect((await clinic('/actions', { action: 'called_patient', note: 'Called; sick for a day, now keeping fluids down.' })).statusCode).toBe(200);
    expect((await clinic('/close', { note: 'Called; settling with fluids.' })).statusCode).toBe(200);
    expect(await openItems(patient.customerId)).toEqual([]);

    const [thread] = await db().select().from(supportThreads).where(eq(supportThreads.id, first.thread.id));
    const again = (await report(patient.cookie, SEVERE, key)).json<SideEffectReportReply>();
    expect(again).toMatchObject({ urgent: true, contactBy: addCallingHours(thread!.createdAt, URGENT_CONTACT_POLICY.sameDayHours).toISOString() });
    expect(again.contactBy).not.toBeNull();
  });

  it('a mild report sent again still promises no call', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const key = randomUUID();
    await report(patient.cookie, { severity: 'mild', description: 'A little sick.' }, key);
    expect((await report(patient.cookie, { severity: 'mild', description: 'A little sick.' }, key)).json<SideEffectReportReply>()).toMatchObject({ urgent: false, contactBy: null });
  });

  it('is an audit row of the patient’s own (no staff), once per report, read by an admin in words and in the CSV', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const key = randomUUID();
    const severe = (await report(patient.cookie, SEVERE, key)).json<SideEffectReportReply>();
    await report(patient.cookie, SEVERE, key);
    const mild = (await report(patient.cookie, { severity: 'mild', description: 'A little sick after each dose.' })).json<SideEffectReportReply>();

    const rows = await db().select().from(staffAuditLog).where(and(eq(staffAuditLog.patientId, patient.customerId), eq(staffAuditLog.action, 'report-side-effect'))).orderBy(asc(staffAuditLog.id));
    expect(rows).toEqual([
      expect.objectContaining({ staffId: null, resource: 'support-thread', resourceId: severe.thread.id, details: { severity: 'severe', toUrgentQueue: true } }),
      expect.objectContaining({ staffId: null, resource: 'support-thread', resourceId: mild.thread.id, details: { severity: 'mild', toUrgentQueue: false } }),
    ]);
    // What the patient wrote stays in the conversation, not in the audit log.
    expect(JSON.stringify(rows)).not.toContain(SEVERE.description);

    const admin = await signedInStaff(ctx, 'admin');
    const [customer] = await db().select({ email: customers.email }).from(customers).where(eq(customers.id, patient.customerId));
    const page = (await ctx.app.inject({ url: `/shop-api/clinic/audit?patient=${encodeURIComponent(customer!.email)}`, headers: { cookie: admin.cookie } })).json<AuditLogPage>();
    expect(page.entries.filter((entry) => entry.action === 'Reported a side effect')).toEqual([
      expect.objectContaining({ staff: null, details: 'How bad: Mild · Sent to the urgent clinical queue: No' }),
      expect.objectContaining({ staff: null, details: 'How bad: Severe · Sent to the urgent clinical queue: Yes' }),
    ]);
    const csv = (await ctx.app.inject({ url: `/shop-api/clinic/audit.csv?patient=${encodeURIComponent(customer!.email)}`, headers: { cookie: admin.cookie } })).body;
    expect(csv).toContain(',The patient,patient,Reported a side effect,report-side-effect,');
  });

  it('refuses bad input with the field named, and anyone signed out', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const bad = await report(patient.cookie, { severity: 'terrible', description: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toMatch(/stack|at .*\.ts/);
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/support/side-effects', headers: { 'idempotency-key': randomUUID() }, payload: SEVERE })).statusCode).toBe(401);
  });
});
