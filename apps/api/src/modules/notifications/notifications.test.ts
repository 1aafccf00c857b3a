import { taskBook } from '../tasks/index';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { deliverNotifications } from '../../../test/support/notifications';
import { placeOrder } from '../../../test/support/orders';
import { insertOrder, signedInPatientWithId } from '../../../test/support/account';
import { nudgeOpenCriticalTasks } from '../../jobs/critical-task-nudges';
import { cookiesOf, isSignupCodeMail, signedUpReply, signupBody } from '../../../test/support/patients';
import { startSmtpServer } from '../../../test/support/smtp';
import { outboxMailer } from '../../adapters/mail/outbox';
import type { Mailer } from '../../adapters/mail/port';
import { sandboxTextMessenger } from '../../adapters/messaging/sandbox';
import { customers, mailOutbox } from '../../db/schema/customers';
import { channelOptOuts, notifications } from '../../db/schema/notifications';
import { tasks } from '../../db/schema/tasks';
import type { NotificationRequest } from '../../contracts/notifier';
import { createNotifications } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const notifier = () => ctx.app.notifications.notifier;
const quietLog = { error: () => undefined, warn: () => undefined };
const sendJobs = async (key: string) =>
  ((await db().execute(sql`select count(*)::int as n from pgboss.job where name = 'notification-sends' and singleton_key = ${key}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
/** The mail sent to a patient, besides the code they opened their account with. */
const mailTo = async (email: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((mail) => !isSignupCodeMail(mail));

describe('notify(): a transactional outbox', () => {
  it('records nothing when the caller rolls back, and one message with one send job however often a committed event asks', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const request: NotificationRequest = { template: 'order-approved', customerId: patient.customerId, dedupeKey: `approved-${patient.customerId}`, data: { orderNumber: 'EH-TEST-0001' } };

    await expect(
      db().transaction(async (tx) => {
        await notifier().notify(tx, request);
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await db().select().from(notifications).where(eq(notifications.dedupeKey, request.dedupeKey))).toEqual([]);

    await db().transaction((tx) => notifier().notify(tx, request));
    await db().transaction((tx) => notifier().notify(tx, request));
    const rows = await db().select().from(notifications).where(eq(notifications.dedupeKey, request.dedupeKey));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ template: 'order-approved', channel: 'email', recipient: patient.email, status: 'queued' });
    expect(await sendJobs(`notification-${rows[0]!.id}`)).toBe(1);
  });

  it('hands a message to the provider once, whoever delivers it and however often', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    await notifier().notify(db(), { template: 'order-approved', customerId: patient.customerId, dedupeKey: `once-${patient.customerId}`, data: { orderNumber: 'EH-TEST-0002' } });
    const [row] = await db().select().from(notifications).where(eq(notifications.dedupeKey, `once-${patient.customerId}`));
    const outcomes = await Promise.all([ctx.app.notifications.deliver(row!.id), ctx.app.notifications.deliver(row!.id)]);
    expect(outcomes.sort()).toEqual(['not-ours', 'sent']);
    expect(await ctx.app.notifications.deliver(row!.id)).toBe('not-ours');
    expect(await mailTo(patient.email)).toHaveLength(1);
    const [sent] = await db().select().from(notifications).where(eq(notifications.id, row!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, providerId: expect.stringMatching(/^outbox-\d+$/), sentAt: expect.any(Date) });
  });

  it('never hands a message over twice after a crash: the retry of a try that died while sending finds it claimed', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    await notifier().notify(db(), { template: 'order-approved', customerId: patient.customerId, dedupeKey: `crash-${patient.customerId}`, data: { orderNumber: 'EH-TEST-0009' } });
    const [row] = await db().select().from(notifications).where(eq(notifications.dedupeKey, `crash-${patient.customerId}`));
    // A process claimed it and died before recording the provider's answer (pg-boss then expires the try and retries it).
    await db().update(notifications).set({ status: 'sending', attempts: 1 }).where(eq(notifications.id, row!.id));
    expect(await ctx.app.notifications.deliver(row!.id)).toBe('not-ours');
    expect(await mailTo(patient.email)).toEqual([]);
  });

  it('marks a message the provider could not take as failed and throws (the queue retries), then sends it on the retry', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    let refusals = 1;
    const real = outboxMailer(db());
    const flaky: Mailer = {
      async send(message) {
        if (refusals-- > 0) throw new Error('421 Service not available');
        return real.send(message);
      },
    };
    const module = createNotifications({ db: db(), jobs: ctx.jobs, mailer: flaky, texts: sandboxTextMessenger(db()), secret: 's', siteUrl: 'http://shop.test', brandName: 'Elmwood Health', log: quietLog, taskBook });
    await module.notifier.notify(db(), { template: 'order-approved', customerId: patient.customerId, dedupeKey: `flaky-${patient.customerId}`, data: { orderNumber: 'EH-TEST-0003' } });
    const [row] = await db().select().from(notifications).where(eq(notifications.dedupeKey, `flaky-${patient.customerId}`));
    await expect(module.deliver(row!.id)).rejects.toThrow('421');
    expect((await db().select().from(notifications).where(eq(notifications.id, row!.id)))[0]).toMatchObject({ status: 'failed', error: '421 Service not available' });
    expect(await module.deliver(row!.id)).toBe('sent');
    expect(await mailTo(patient.email)).toHaveLength(1);
  });
});

describe('the critical-tasks nudge', () => {
  it('asks once per order still waiting on a critical task 24 hours after it was placed, however often the round runs', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const now = new Date();
    const old = await insertOrder(db(), patient.customerId, { createdAt: new Date(now.getTime() - 25 * 60 * 60 * 1000), withTasks: true });
    await nudgeOpenCriticalTasks(db(), notifier(), now);
    await nudgeOpenCriticalTasks(db(), notifier(), now);
    const nudges = await db().select().from(notifications).where(and(eq(notifications.customerId, patient.customerId), eq(notifications.template, 'critical-tasks-open')));
    expect(nudges).toHaveLength(1);
    expect(nudges[0]!.data).toEqual({ orderNumber: old.number });

    const fresh = await signedInPatientWithId(ctx.app, db());
    await insertOrder(db(), fresh.customerId, { createdAt: new Date(now.getTime() - 2 * 60 * 60 * 1000), withTasks: true });
    await nudgeOpenCriticalTasks(db(), notifier(), now);
    expect(await db().select().from(notifications).where(and(eq(notifications.customerId, fresh.customerId), eq(notifications.template, 'critical-tasks-open')))).toEqual([]);

    await deliverNotifications({ app: ctx.app, db: db() });
    const [mail] = (await mailTo(patient.email)).filter((m) => m.subject === `One more step for your order ${old.number}`);
    expect(mail!.html).toMatch(/\/account\/tasks\/[0-9a-f-]{36}/);
  });
});

describe('templates', () => {
  it('renders every event’s email in the brand, with HTML and text from the same components', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const c = patient.customerId;
    const requests: NotificationRequest[] = [
      { template: 'order-rejected', customerId: c, dedupeKey: `t-rejected-${c}`, data: { orderNumber: 'EH-AAAA-0001', reason: 'Your BMI is below the level at which this treatment can be prescribed.' } },
      { template: 'order-dispatched', customerId: c, dedupeKey: `t-dispatched-${c}`, data: { orderNumber: 'EH-AAAA-0001', carrier: 'royal-mail', trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB' } },
      { template: 'information-requested', customerId: c, dedupeKey: `t-info-${c}`, data: { orderNumber: 'EH-AAAA-0001' } },
      { template: 'renewal-coming', customerId: c, dedupeKey: `t-renewal-${c}`, data: { subscriptionId: 's1', chargeDate: '2027-03-31', amount: 14900 } },
      { template: 'payment-failed', customerId: c, dedupeKey: `t-failed-${c}`, data: { subscriptionId: 's1', nextAttemptDate: '2027-04-03' } },
      { template: 'plan-suspended', customerId: c, dedupeKey: `t-suspended-${c}`, data: { subscriptionId: 's1', reason: 'payment' } },
      { template: 'plan-changed', customerId: c, dedupeKey: `t-changed-${c}`, data: { subscriptionId: 's1', change: 'paused' } },
      { template: 'password-changed', customerId: c, dedupeKey: `t-password-${c}`, data: {} },
    ];
    for (const request of requests) await notifier().notify(db(), request);
    await deliverNotifications({ app: ctx.app, db: db() });
    const mails = new Map((await mailTo(patient.email)).map((mail) => [mail.subject, mail]));
    expect([...mails.keys()].sort()).toEqual(
      [
        'About your order (order EH-AAAA-0001)',
        'Your treatment is on its way (order EH-AAAA-0001)',
        'Our prescriber has a question (order EH-AAAA-0001)',
        'Your next Elmwood Health delivery is coming up',
        'We could not take your payment',
        'Your plan is on hold',
        'Your plan has changed',
        'Your Elmwood Health password has been changed',
      ].sort(),
    );
    const rejected = mails.get('About your order (order EH-AAAA-0001)')!;
    expect(rejected.text).toContain('Reason: Your BMI is below the level at which this treatment can be prescribed.');
    expect(rejected.html).toContain('#1f5c4a');
    const dispatched = mails.get('Your treatment is on its way (order EH-AAAA-0001)')!;
    expect(dispatched.html).toContain('href="https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB"');
    expect(dispatched.text).toContain('Royal Mail');
    expect(mails.get('Your next Elmwood Health delivery is coming up')!.text).toContain('£149.00 to your saved card on 31 March 2027');
    expect(mails.get('Your next Elmwood Health delivery is coming up')!.html).toContain('/account/plan/s1');
    expect(mails.get('Your plan is on hold')!.text).toContain('We could not take payment for your plan');
    // Security emails carry no unsubscribe link; the others do.
    expect(mails.get('Your Elmwood Health password has been changed')!.headers ?? {}).not.toHaveProperty('List-Unsubscribe');
    expect(dispatched.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it.each([
    { held: 'by the prescriber: not approved, not that a payment failed', reason: 'clinician', says: ['Our prescriber did not approve your next supply'], never: /payment/ },
    {
      held: 'after its renewal order was cancelled: restartable from the account, naming no payment or prescriber',
      reason: 'cancelled',
      says: ['Your renewal order was cancelled, so your plan is on hold', '/account/plan/sub-7'],
      never: /payment|prescriber/,
    },
  ] as const)('says why a plan was put on hold $held', async ({ reason, says, never }) => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const c = patient.customerId;
    await notifier().notify(db(), { template: 'plan-suspended', customerId: c, dedupeKey: `t-held-${reason}-${c}`, data: { subscriptionId: 'sub-7', reason } });
    await deliverNotifications({ app: ctx.app, db: db() });
    const [mail] = await mailTo(patient.email);
    for (const text of says) expect(mail!.text).toContain(text);
    expect(mail!.text).not.toMatch(never);
  });

  it('emails "password changed" when a patient resets their password', async () => {
    const body = signupBody();
    await signedUpReply(ctx.app, body);
    await ctx.app.inject({ method: 'PUT', url: '/shop-api/request-password-reset', payload: { email: body.email } });
    await deliverNotifications({ app: ctx.app, db: db() });
    const token = /forgot-password\?token=([\w-]+)/.exec((await mailTo(body.email)).at(-1)!.text)?.[1];
    expect((await ctx.app.inject({ method: 'PUT', url: `/shop-api/reset-password/${token}`, payload: { password: 'a brand new secret' } })).statusCode).toBe(204);
    await deliverNotifications({ app: ctx.app, db: db() });
    expect((await mailTo(body.email)).map((mail) => mail.subject)).toContain('Your Elmwood Health password has been changed');
  });

  it('shows each email rendered at /dev/mailbox, under Email', async () => {
    const page = await ctx.app.inject('/dev/mailbox');
    expect(page.body).toContain('<h2 id="email">Email</h2>');
    expect(page.body).toMatch(/<iframe title="About your order \(order EH-AAAA-0001\)" sandbox="" srcdoc="[^"]*Your BMI is below/);
  });
});

describe('the order-placed email through a real SMTP server, from the job queue', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let live: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    live = await createTestContext({ SMTP_URL: smtp.url }, { runJobs: true });
    await live.app.notifications.work();
  });
  afterAll(async () => {
    await live.close();
    await smtp.close();
  });

  it('arrives once with HTML and text parts naming each critical task with its link, and List-Unsubscribe headers whose link works without login', async () => {
    const body = signupBody();
    const cookie = cookiesOf(await signedUpReply(live.app, body, { smtpInbox: smtp.inbox }));
    const placed = await placeOrder(live.app, cookie);
    expect(placed.reply.statusCode).toBe(201);
    const number = placed.orderNumber!;

    // Besides the sign-up's code, before it.
    const orderMails = () => smtp.inbox.filter((mail) => mail.to === body.email && mail.subject.startsWith('Your Elmwood Health order'));
    await expect.poll(() => orderMails().length, { timeout: 20_000 }).toBe(1);
    const mail = orderMails()[0]!;
    expect(mail.subject).toBe(`Your Elmwood Health order ${number}`);
    const [customer] = await live.database.db.select().from(customers).where(eq(customers.email, body.email));
    const open = await live.database.db.select().from(tasks).where(and(eq(tasks.customerId, customer!.id), eq(tasks.state, 'open')));
    expect(open.length).toBeGreaterThan(0);
    for (const name of ['Verify your identity', 'Add a full-length photo']) {
      expect(mail.text).toContain(name);
    }
    for (const task of open.filter((row) => row.code === 'voy-wl-upload-photo-id' || row.code === 'voy-wl-upload-weight-check-photo')) {
      expect(mail.html).toContain(`/account/tasks/${task.id}`);
    }
    expect(mail.html).toContain('What happens next');
    expect(mail.text).toContain('What happens next');

    const listUnsubscribe = String(mail.headers.get('list-unsubscribe'));
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /<(http[^>]+)>/.exec(listUnsubscribe)![1]!;
    const path = new URL(link).pathname + new URL(link).search;

    // Opening the link shows a button (a GET changes nothing); the mail provider's one-click POST unsubscribes, no login.
    const shown = await live.app.inject({ method: 'GET', url: path });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Stop reminders by email?');
    // A page under the API's prefix: its own policy lets its inline styles and its form work, and nothing else.
    expect(shown.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
    expect(await live.database.db.select().from(channelOptOuts).where(eq(channelOptOuts.customerId, customer!.id))).toEqual([]);
    const oneClick = await live.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    expect(await live.database.db.select().from(channelOptOuts).where(eq(channelOptOuts.customerId, customer!.id))).toMatchObject([{ channel: 'email', source: 'unsubscribe-link' }]);

    const forged = await live.app.inject({ method: 'POST', url: path.replace(/token=[^.]+/, 'token=bm9ib2R5LmVtYWls') });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This unsubscribe link is not valid.');
  });
});
