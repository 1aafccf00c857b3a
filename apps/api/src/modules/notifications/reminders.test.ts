import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_MESSAGES } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { createTestDatabase } from '../../../test/support/database';
import { deliverNotifications } from '../../../test/support/notifications';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { customers, mailOutbox } from '../../db/schema/customers';
import { notifications } from '../../db/schema/notifications';
import { tasks } from '../../db/schema/tasks';
import { startJobs, type Jobs } from '../../lib/queue';
import { seedDemoData } from '../../seed/seed';
import { NOT_A_UK_MOBILE_MESSAGE } from './phone';

/** The shop's clock, moved by each test: Monday 22 March 2027, noon (GMT, the week of the spring change). */
let clock = new Date('2027-03-22T12:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const put = (patient: Patient, payload: unknown) => ctx.app.inject({ method: 'PUT', url: '/shop-api/account/reminders', payload: payload as object, headers: { cookie: patient.cookie } });
const emailTuesdays = { isEnabled: true, selectedChannel: 'email', type: 'weekly', selectedDays: ['tuesday'], hours: 7, minutes: 30, selectedFrequency: 30 };
const queuedReminders = (customerId: number) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.customerId, customerId), eq(notifications.template, 'weight-reminder'), eq(notifications.status, 'queued')))
    .orderBy(asc(notifications.id));
const reminderMails = async (email: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((mail) => mail.subject === 'Time to log your weight');

describe('the reminder API', () => {
  it('shows SPEC §9 defaults until saved, answers 401 without a session, and keeps each patient to their own', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    expect((await ctx.app.inject({ method: 'GET', url: '/shop-api/account/reminders' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url: '/shop-api/account/reminders', payload: emailTuesdays })).statusCode).toBe(401);
    const shown = await ctx.app.inject({ method: 'GET', url: '/shop-api/account/reminders', headers: { cookie: patient.cookie } });
    expect(shown.json()).toEqual({
      settings: { isEnabled: true, selectedChannel: 'whatsapp', type: 'weekly', selectedDays: ['monday', 'thursday', 'friday'], hours: 9, minutes: 30, selectedFrequency: 30 },
      isSaved: false,
      nextReminderAt: null,
    });
    const other = await signedInPatientWithId(ctx.app, db());
    await put(other, emailTuesdays);
    expect((await ctx.app.inject({ method: 'GET', url: '/shop-api/account/reminders', headers: { cookie: patient.cookie } })).json().isSaved).toBe(false);
  });

  it('refuses a weekly reminder with no day, a bad time, and SMS or WhatsApp to a number that cannot be a UK mobile', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const noDay = await put(patient, { ...emailTuesdays, selectedDays: [] });
    expect(noDay.statusCode).toBe(422);
    expect(noDay.json().message).toBe(REMINDER_MESSAGES.noDay);
    expect((await put(patient, { ...emailTuesdays, minutes: 31 })).json().message).toBe(REMINDER_MESSAGES.time);
    await db().update(customers).set({ phoneNumber: '020 7946 0000' }).where(eq(customers.id, patient.customerId));
    const landline = await put(patient, { ...emailTuesdays, selectedChannel: 'sms' });
    expect(landline.statusCode).toBe(422);
    expect(landline.json().message).toBe(NOT_A_UK_MOBILE_MESSAGE);
    expect(await queuedReminders(patient.customerId)).toEqual([]);
  });

  it('queues the next send at the wall-clock time, sends it once when the clock reaches it, links to /account/progress, and queues the next across the clock change', async () => {
    clock = new Date('2027-03-22T12:00:00Z');
    const patient = await signedInPatientWithId(ctx.app, db());
    const saved = await put(patient, emailTuesdays);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().nextReminderAt).toBe('2027-03-23T07:30:00.000Z');
    const [queued] = await queuedReminders(patient.customerId);
    expect(queued).toMatchObject({ channel: 'email', recipient: patient.email, sendAfter: new Date('2027-03-23T07:30:00Z') });

    // Not before its time, even if its job is run early.
    expect(await ctx.app.notifications.deliver(queued!.id)).toBe('not-ours');
    expect(await deliverNotifications({ app: ctx.app, db: db() }, clock)).toBe(0);

    clock = new Date('2027-03-23T07:30:00Z');
    expect(await deliverNotifications({ app: ctx.app, db: db() }, clock)).toBeGreaterThanOrEqual(1);
    expect(await deliverNotifications({ app: ctx.app, db: db() }, clock)).toBe(0);
    expect(await ctx.app.notifications.deliver(queued!.id)).toBe('not-ours');
    const mails = await reminderMails(patient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.html).toContain('/account/progress');
    // The next Tuesday is in British Summer Time: 07:30 there is 06:30 UTC.
    expect((await queuedReminders(patient.customerId)).map((row) => row.sendAfter.toISOString())).toEqual(['2027-03-30T06:30:00.000Z']);
  });

  it('cancels the queued send when turned off, and replaces it when changed', async () => {
    clock = new Date('2027-03-22T12:00:00Z');
    const patient = await signedInPatientWithId(ctx.app, db());
    await put(patient, emailTuesdays);
    const [first] = await queuedReminders(patient.customerId);

    const changed = await put(patient, { ...emailTuesdays, selectedDays: ['wednesday'], hours: 18, minutes: 0 });
    expect(changed.json().nextReminderAt).toBe('2027-03-24T18:00:00.000Z');
    expect((await db().select().from(notifications).where(eq(notifications.id, first!.id)))[0]!.status).toBe('cancelled');
    expect(await queuedReminders(patient.customerId)).toHaveLength(1);

    // Choosing a channel turns it back on after an unsubscribe.
    await ctx.app.inject({ method: 'PUT', url: '/shop-api/account/notification-preferences', headers: { cookie: patient.cookie }, payload: { email: false } });
    expect((await ctx.app.inject({ method: 'GET', url: '/shop-api/account/notification-preferences', headers: { cookie: patient.cookie } })).json()).toEqual({ email: false, sms: true, whatsapp: true, push: true });
    await put(patient, { ...emailTuesdays, selectedDays: ['wednesday'], hours: 18, minutes: 0 });
    expect((await ctx.app.inject({ method: 'GET', url: '/shop-api/account/notification-preferences', headers: { cookie: patient.cookie } })).json()).toMatchObject({ email: true });

    const off = await put(patient, { ...emailTuesdays, isEnabled: false });
    expect(off.json()).toMatchObject({ nextReminderAt: null, settings: { isEnabled: false } });
    expect(await queuedReminders(patient.customerId)).toEqual([]);
    clock = new Date('2027-03-31T00:00:00Z');
    await deliverNotifications({ app: ctx.app, db: db() }, clock);
    expect(await reminderMails(patient.email)).toEqual([]);
  });

  it('completes the reminder set-up task when saved, and answers it for the completion popup', async () => {
    clock = new Date('2027-03-22T12:00:00Z');
    const patient = await signedInPatientWithId(ctx.app, db());
    await db().insert(tasks).values({ customerId: patient.customerId, code: 'voy-weight-tracking-reminder-set-up' });
    const saved = await put(patient, { ...emailTuesdays, selectedChannel: 'whatsapp' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().completedTask).toMatchObject({ state: 'completed', taskDefinition: { code: 'voy-weight-tracking-reminder-set-up' } });
    const [queued] = await queuedReminders(patient.customerId);
    expect(queued).toMatchObject({ channel: 'whatsapp', recipient: '+447700900123' });
    clock = new Date('2027-03-23T07:30:00Z');
    await deliverNotifications({ app: ctx.app, db: db() }, clock);
    const [whatsapp] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, '+447700900123'), eq(mailOutbox.channel, 'whatsapp')));
    expect(whatsapp!.text).toContain('time to log your weight');
    expect(whatsapp!.text).toContain('/account/progress');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two API processes on one PostgreSQL database', () => {
  interface Instance {
    database: Database;
    jobs: Jobs;
    app: Awaited<ReturnType<typeof buildApp>>;
  }
  let shared: Awaited<ReturnType<typeof createTestDatabase>>;
  const instances: Instance[] = [];
  let fake = new Date('2027-10-25T12:00:00Z');
  const quietLog = { error: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    shared = await createTestDatabase();
    await seedDemoData(shared.db);
    for (let n = 0; n < 2; n += 1) {
      // Each has its own connection pool, job queue and notifications module, as two API processes would.
      const database = n === 0 ? shared : await openDatabase({ kind: 'postgres', url: shared.url!, poolSize: 5 });
      const config = loadConfig({ NODE_ENV: 'test', REGISTER_RATE_LIMIT_PER_ADDRESS: '1000' });
      const jobs = await startJobs(database, { runJobs: true, log: quietLog, now: () => fake, pollingIntervalSeconds: 0.5 });
      const app = await buildApp({ config, database, jobs, now: () => fake });
      await app.notifications.work();
      instances.push({ database, jobs, app });
    }
  });
  afterAll(async () => {
    for (const instance of instances.reverse()) {
      await instance.app.close();
      await instance.jobs.stop();
      await instance.database.close();
    }
  });

  it('sends a due reminder once though both queue it and both work the queue, and the next one once (the Sunday of the autumn change)', async () => {
    const [a, b] = instances as [Instance, Instance];
    const patient = await signedInPatientWithId(a.app, shared.db);
    const saved = await a.app.inject({
      method: 'PUT',
      url: '/shop-api/account/reminders',
      headers: { cookie: patient.cookie },
      payload: { ...emailTuesdays, selectedDays: ['sunday'], hours: 8, minutes: 0 },
    });
    expect(saved.json().nextReminderAt).toBe('2027-10-31T08:00:00.000Z');

    fake = new Date('2027-10-31T08:00:30Z');
    await Promise.all([a.app.notifications.queueDue(), b.app.notifications.queueDue(), a.app.notifications.queueDue(), b.app.notifications.queueDue()]);
    const sent = async () => (await shared.db.select().from(mailOutbox).where(eq(mailOutbox.to, patient.email))).filter((mail) => mail.subject === 'Time to log your weight');
    await expect.poll(async () => (await sent()).length, { timeout: 20_000 }).toBe(1);
    const queuedNext = async () =>
      (await shared.db.select().from(notifications).where(and(eq(notifications.customerId, patient.customerId), eq(notifications.status, 'queued')))).map((n) => n.sendAfter.toISOString());
    await expect.poll(queuedNext, { timeout: 10_000 }).toEqual(['2027-11-07T08:00:00.000Z']);

    // Both deliver the same row at once as well: one hands it over.
    const [row] = await shared.db.select().from(notifications).where(and(eq(notifications.customerId, patient.customerId), eq(notifications.status, 'sent')));
    expect(await Promise.all([a.app.notifications.deliver(row!.id), b.app.notifications.deliver(row!.id)])).toEqual(['not-ours', 'not-ours']);

    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await sent()).toHaveLength(1);
    expect(await queuedNext()).toEqual(['2027-11-07T08:00:00.000Z']);
  });
});
