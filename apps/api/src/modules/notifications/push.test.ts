import { taskBook } from '../tasks/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { startTestPushService, type TestDevice } from '../../../test/support/push-service';
import { notifications, pushSends, pushSubscriptions } from '../../db/schema/notifications';
import { notificationsFor } from './setup';

/** The shop's clock: Monday 22 March 2027, noon; each test moves it to its reminder's minute. */
let clock = new Date('2027-03-22T12:00:00Z');
let ctx: TestContext;
let pushService: Awaited<ReturnType<typeof startTestPushService>>;
beforeAll(async () => {
  pushService = await startTestPushService(() => clock);
  // The live adapter, posting to a push service on this machine (the only host it may post to here).
  ctx = await createTestContext({ WEB_PUSH: 'live', PUSH_SERVICE_HOSTS: '127.0.0.1' }, { now: () => clock });
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
});

const db = () => ctx.database.db;
const inject = (patient: Patient | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: patient ? { cookie: patient.cookie } : {} });
const subscribe = (patient: Patient, device: TestDevice) => inject(patient, 'PUT', '/shop-api/account/push-subscriptions', device.subscription);
const tuesdaysByPush = { isEnabled: true, selectedChannel: 'push', type: 'weekly', selectedDays: ['tuesday'], hours: 7, minutes: 30, selectedFrequency: 30 };
const receivedBy = (device: TestDevice) => pushService.received.filter((push) => push.endpoint === device.endpoint);
const reminderRow = async (customerId: number) => {
  const [row] = await db().select().from(notifications).where(and(eq(notifications.customerId, customerId), eq(notifications.template, 'weight-reminder'), eq(notifications.status, 'queued')));
  return row!;
};

/** A patient with a push reminder for Tuesday 07:30 on `devices`, and the clock at that minute: the reminder's row. */
async function dueReminder(devices: TestDevice[]) {
  clock = new Date('2027-03-22T12:00:00Z');
  const patient = await signedInPatientWithId(ctx.app, db());
  for (const device of devices) expect((await subscribe(patient, device)).statusCode).toBe(201);
  expect((await inject(patient, 'PUT', '/shop-api/account/reminders', tuesdaysByPush)).statusCode).toBe(200);
  const row = await reminderRow(patient.customerId);
  clock = new Date('2027-03-23T07:30:00Z');
  return { patient, row };
}

describe('a patient’s devices with app notifications on', () => {
  it('records this device once for the signed-in patient, with the key it subscribes with, and turns the channel on', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    expect((await inject(null, 'GET', '/shop-api/account/push')).statusCode).toBe(401);
    const before = (await inject(patient, 'GET', '/shop-api/account/push')).json();
    expect(before).toMatchObject({ available: true, devices: [] });
    expect(before.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);

    const device = pushService.newDevice();
    const created = await subscribe(patient, device);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ endpoint: device.endpoint });
    expect((await subscribe(patient, device)).statusCode).toBe(200);
    const after = (await inject(patient, 'GET', '/shop-api/account/push')).json();
    expect(after.devices).toEqual([{ id: created.json().id, endpoint: device.endpoint, createdAt: expect.any(String) }]);
    expect((await inject(patient, 'GET', '/shop-api/account/notification-preferences')).json()).toEqual({ email: true, sms: true, whatsapp: true, push: true });
  });

  it('refuses, without a 500, keys that are not a device’s, a malformed body, and an address that is not a push service', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const device = pushService.newDevice();
    const notAPoint = await inject(patient, 'PUT', '/shop-api/account/push-subscriptions', { ...device.subscription, keys: { ...device.subscription.keys, p256dh: `B${'A'.repeat(86)}` } });
    expect(notAPoint.statusCode).toBe(422);
    for (const body of [{}, { endpoint: device.endpoint }, { ...device.subscription, keys: { p256dh: 'short', auth: 'x' } }, { ...device.subscription, endpoint: 'ftp://push.example/x' }]) {
      expect((await inject(patient, 'PUT', '/shop-api/account/push-subscriptions', body)).statusCode).toBe(400);
    }
    const elsewhere = await inject(patient, 'PUT', '/shop-api/account/push-subscriptions', { ...device.subscription, endpoint: 'https://169.254.169.254/latest/meta-data' });
    expect(elsewhere.statusCode).toBe(422);
    expect((await inject(patient, 'GET', '/shop-api/account/push')).json().devices).toEqual([]);
    expect((await inject(patient, 'DELETE', '/shop-api/account/push-subscriptions/not-a-uuid')).statusCode).toBe(400);
  });

  it('another patient can neither see, remove nor take over a patient’s device', async () => {
    const owner = await signedInPatientWithId(ctx.app, db());
    const other = await signedInPatientWithId(ctx.app, db());
    const device = pushService.newDevice();
    const { id } = (await subscribe(owner, device)).json();
    expect((await inject(other, 'GET', '/shop-api/account/push')).json().devices).toEqual([]);
    expect((await inject(other, 'DELETE', `/shop-api/account/push-subscriptions/${id}`)).statusCode).toBe(404);
    // The same address with other keys is not this device: refused, the owner's kept.
    const forged = await inject(other, 'PUT', '/shop-api/account/push-subscriptions', { ...device.subscription, keys: pushService.newDevice().subscription.keys });
    expect(forged.statusCode).toBe(409);
    expect(forged.json().message).toBe(PUSH_MESSAGES.taken);
    expect((await inject(owner, 'GET', '/shop-api/account/push')).json().devices.map((found: { id: string }) => found.id)).toEqual([id]);

    // Turned off by its owner: gone.
    expect((await inject(owner, 'DELETE', `/shop-api/account/push-subscriptions/${id}`)).statusCode).toBe(204);
    expect((await inject(owner, 'GET', '/shop-api/account/push')).json().devices).toEqual([]);
    expect((await inject(owner, 'DELETE', `/shop-api/account/push-subscriptions/${id}`)).statusCode).toBe(404);
  });
});

describe('a reminder by app notification', () => {
  it('needs a device first', async () => {
    const patient = await signedInPatientWithId(ctx.app, db());
    const refused = await inject(patient, 'PUT', '/shop-api/account/reminders', tuesdaysByPush);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'NO_PUSH_DEVICE', message: PUSH_MESSAGES.noDevice });
  });

  it('is delivered once, when due, to the push service, which decrypts it with the subscription’s keys: words without health detail and the page to open', async () => {
    const device = pushService.newDevice();
    const { patient, row } = await dueReminder([device]);
    expect(row).toMatchObject({ channel: 'push', recipient: 'app', sendAfter: new Date('2027-03-23T07:30:00Z') });

    expect(await ctx.app.notifications.deliver(row.id)).toBe('sent');
    expect(await ctx.app.notifications.deliver(row.id)).toBe('not-ours');
    const [push] = receivedBy(device);
    expect(receivedBy(device)).toHaveLength(1);
    expect(JSON.parse(push!.payload)).toEqual({
      title: 'Time to log your weight',
      body: 'A quick weigh-in keeps your progress on track.',
      url: '/account/progress?log=weight',
      tag: `notification-${row.id}`,
    });
    expect(push!.vapidKey).toBe((await inject(patient, 'GET', '/shop-api/account/push')).json().publicKey);
    expect(push!.headers).toMatchObject({ ttl: '21600', urgency: 'normal', topic: 'weight-reminder' });
    const [sent] = await db().select().from(notifications).where(eq(notifications.id, row.id));
    expect(sent).toMatchObject({ status: 'sent', providerId: expect.stringMatching(/\/messages\//) });
    // The next one is queued, on the same channel.
    expect((await reminderRow(patient.customerId)).sendAfter).toEqual(new Date('2027-03-30T06:30:00Z'));
  });

  it('the injection-day reminder too: refused without a device, and once due it opens the page where the dose is logged', async () => {
    clock = new Date('2027-03-22T12:00:00Z');
    const patient = await signedInPatientWithId(ctx.app, db());
    const tuesdayInjection = { isEnabled: true, selectedChannel: 'push', day: 'tuesday', hours: 7, minutes: 30 };
    const refused = await inject(patient, 'PUT', '/shop-api/account/reminders/injection', tuesdayInjection);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'NO_PUSH_DEVICE', message: PUSH_MESSAGES.noDevice });

    const device = pushService.newDevice();
    expect((await subscribe(patient, device)).statusCode).toBe(201);
    expect((await inject(patient, 'PUT', '/shop-api/account/reminders/injection', tuesdayInjection)).statusCode).toBe(200);
    const [row] = await db().select().from(notifications).where(and(eq(notifications.customerId, patient.customerId), eq(notifications.template, 'injection-reminder'), eq(notifications.status, 'queued')));
    expect(row).toMatchObject({ channel: 'push', sendAfter: new Date('2027-03-23T07:30:00Z') });
    clock = new Date('2027-03-23T07:30:00Z');
    expect(await ctx.app.notifications.deliver(row!.id)).toBe('sent');
    expect(JSON.parse(receivedBy(device)[0]!.payload)).toEqual({
      title: 'Time for your weekly dose',
      body: 'Log it in your account and we will suggest where to inject next time.',
      url: '/account/injections',
      tag: `notification-${row!.id}`,
    });
  });

  it('two senders racing for the same message (this process and another’s notifications module): one hands it over, the device gets it once', async () => {
    const device = pushService.newDevice();
    const { row } = await dueReminder([device]);
    const quiet = { error: () => undefined, warn: () => undefined };
    const second = notificationsFor(ctx.config, db(), ctx.jobs, { log: quiet, now: () => clock, taskBook });
    const outcomes = await Promise.all([ctx.app.notifications.deliver(row.id), second.deliver(row.id), ctx.app.notifications.deliver(row.id), second.deliver(row.id)]);
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'not-ours')).toHaveLength(3);
    expect(receivedBy(device)).toHaveLength(1);
  });

  it('a retry after one device’s push service was busy goes to that device only', async () => {
    const phone = pushService.newDevice();
    const laptop = pushService.newDevice();
    const { row } = await dueReminder([phone, laptop]);
    pushService.markBusy(laptop.endpoint);
    await expect(ctx.app.notifications.deliver(row.id)).rejects.toThrow(/busy/);
    expect([receivedBy(phone).length, receivedBy(laptop).length]).toEqual([1, 0]);
    expect((await db().select().from(notifications).where(eq(notifications.id, row.id)))[0]!.status).toBe('failed');

    pushService.markBusy(laptop.endpoint, false);
    expect(await ctx.app.notifications.deliver(row.id)).toBe('sent');
    expect([receivedBy(phone).length, receivedBy(laptop).length]).toEqual([1, 1]);
    expect(await db().select().from(pushSends).where(eq(pushSends.notificationId, row.id))).toHaveLength(2);
  });

  it('a 410 from the push service removes the subscription; with no device left the reminder is undeliverable and the next is still queued', async () => {
    const device = pushService.newDevice();
    const { patient, row } = await dueReminder([device]);
    pushService.markGone(device.endpoint);
    expect(await ctx.app.notifications.deliver(row.id)).toBe('undeliverable');
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toEqual([]);
    expect((await inject(patient, 'GET', '/shop-api/account/push')).json().devices).toEqual([]);
    expect(receivedBy(device)).toEqual([]);
    expect((await reminderRow(patient.customerId)).sendAfter).toEqual(new Date('2027-03-30T06:30:00Z'));
  });

  it('turned off in the notification preferences, the reminder is skipped and nothing is pushed', async () => {
    const device = pushService.newDevice();
    const { patient, row } = await dueReminder([device]);
    expect((await inject(patient, 'PUT', '/shop-api/account/notification-preferences', { push: false })).json()).toMatchObject({ push: false });
    expect(await ctx.app.notifications.deliver(row.id)).toBe('skipped');
    expect(receivedBy(device)).toEqual([]);
  });
});
