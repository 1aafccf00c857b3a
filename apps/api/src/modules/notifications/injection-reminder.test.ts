import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INJECTION_REMINDER_MESSAGES, type InjectionRemindersReply } from '@elmwood/domain';
import { mailOutbox } from '../../db/schema/customers';
import { notifications } from '../../db/schema/notifications';
import { patientOnTreatment } from '../../../test/support/companion';
import { deliverNotifications } from '../../../test/support/notifications';
import { renewalShop } from '../../../test/support/renewal-shop';
import type { Patient } from '../../../test/support/account';

/** Monday 22 March 2027, noon (GMT; the clocks go forward on Sunday 28 March). */
const shop = renewalShop({}, new Date('2027-03-22T12:00:00Z'));
const at = (iso: string) => {
  shop.clock = new Date(iso);
};
const put = (patient: Patient, payload: object) => shop.ctx.app.inject({ method: 'PUT', url: '/shop-api/account/reminders/injection', headers: { cookie: patient.cookie }, payload });
const get = async (patient: Patient, url = '/shop-api/account/reminders/injection') => (await shop.ctx.app.inject({ url, headers: { cookie: patient.cookie } })).json();
const deliver = () => deliverNotifications({ app: shop.ctx.app, db: shop.db() }, shop.clock);
const mails = async (email: string, subject: string) => (await shop.db().select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((mail) => mail.subject === subject);
const queued = (customerId: number, template: string) =>
  shop
    .db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.customerId, customerId), eq(notifications.template, template), eq(notifications.status, 'queued')))
    .orderBy(asc(notifications.id));

describe('the injection-day reminder', () => {
  it('goes on the chosen day and time through the reminders, nudges the day after when no dose was logged, and not when one was', async () => {
    at('2027-03-22T12:00:00Z');
    const { patient, planId } = await patientOnTreatment(shop);
    expect(await get(patient)).toEqual({ reminder: { isEnabled: false, selectedChannel: 'email', day: 'monday', hours: 9, minutes: 0 }, isSaved: false, nextReminderAt: null });

    const saved = await put(patient, { isEnabled: true, selectedChannel: 'email', day: 'thursday', hours: 19, minutes: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<InjectionRemindersReply>()).toEqual({ reminder: { isEnabled: true, selectedChannel: 'email', day: 'thursday', hours: 19, minutes: 0 }, isSaved: true, nextReminderAt: '2027-03-25T19:00:00.000Z' });
    // The weight reminder is its own.
    expect((await get(patient, '/shop-api/account/reminders')).isSaved).toBe(false);

    at('2027-03-25T19:00:00Z');
    await deliver();
    expect(await mails(patient.email, 'Time for your weekly dose')).toHaveLength(1);
    // The next one a week on at 7pm UK time (BST by then), and the nudge a day after this one.
    expect((await queued(patient.customerId, 'injection-reminder')).map((row) => row.sendAfter.toISOString())).toEqual(['2027-04-01T18:00:00.000Z']);
    expect((await queued(patient.customerId, 'injection-nudge')).map((row) => row.sendAfter.toISOString())).toEqual(['2027-03-26T19:00:00.000Z']);

    // Nothing logged: the gentle nudge goes, with the missed-dose advice.
    at('2027-03-26T19:00:00Z');
    await deliver();
    const [nudge] = await mails(patient.email, 'Did you take your weekly dose?');
    expect(nudge?.text).toMatch(/Never take two doses to make up for a missed one/);

    // The next week the patient logs the dose: no nudge.
    at('2027-04-01T18:00:00Z');
    await deliver();
    at('2027-04-01T20:00:00Z');
    const logged = await shop.ctx.app.inject({ method: 'POST', url: '/shop-api/injections', headers: { cookie: patient.cookie }, payload: { planId, status: 'taken', site: 'thigh-left' } });
    expect(logged.statusCode, logged.body).toBe(201);
    at('2027-04-02T18:00:00Z');
    await deliver();
    expect(await mails(patient.email, 'Time for your weekly dose')).toHaveLength(2);
    expect(await mails(patient.email, 'Did you take your weekly dose?')).toHaveLength(1);

    // Turned off: nothing more is queued.
    const off = await put(patient, { isEnabled: false, selectedChannel: 'email', day: 'thursday', hours: 19, minutes: 0 });
    expect(off.json<InjectionRemindersReply>().nextReminderAt).toBeNull();
    expect(await queued(patient.customerId, 'injection-reminder')).toEqual([]);
    expect(await queued(patient.customerId, 'injection-nudge')).toEqual([]);
  });

  it('refuses a reminder without a day or with a bad time, in words', async () => {
    const { patient } = await patientOnTreatment(shop);
    const noDay = await put(patient, { isEnabled: true, selectedChannel: 'email', hours: 19, minutes: 0 });
    expect(noDay.statusCode).toBe(422);
    expect(noDay.json().message).toBe(INJECTION_REMINDER_MESSAGES.day);
    expect((await put(patient, { isEnabled: true, selectedChannel: 'email', day: 'friday', hours: 19, minutes: 7 })).statusCode).toBe(422);
    expect((await shop.ctx.app.inject({ method: 'PUT', url: '/shop-api/account/reminders/injection', payload: {} })).statusCode).toBe(401);
  });
});
