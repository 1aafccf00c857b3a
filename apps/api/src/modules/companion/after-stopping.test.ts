import { describe, expect, it } from 'vitest';
import { addMonthsClamped, AFTER_STOPPING_SUPPORT, ukToday, type AfterStopping } from '@elmwood/domain';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { patientOnTreatment } from '../../../test/support/companion';
import { renewalShop } from '../../../test/support/renewal-shop';

// The cancellation is dated by the database's clock: the shop's clock starts on the same (real) day.
const today = ukToday(new Date());
const shop = renewalShop({}, new Date(`${today}T10:00:00Z`));

const view = async (patient: Patient) => (await shop.ctx.app.inject({ url: '/shop-api/after-stopping', headers: { cookie: patient.cookie } })).json<AfterStopping>();
const answer = (patient: Patient, payload: object) => shop.ctx.app.inject({ method: 'POST', url: '/shop-api/after-stopping', headers: { cookie: patient.cookie }, payload });
const cancel = async (patient: Patient, planId: string) => {
  const reply = await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/subscriptions/${planId}/cancel`, headers: { cookie: patient.cookie }, payload: { reason: 'I have reached my goal' } });
  expect(reply.statusCode, reply.body).toBe(200);
};

describe('support after stopping', () => {
  it('is offered for a year once the weight-loss plan ends; accepting turns on a monthly weight reminder', async () => {
    shop.at(today);
    const { patient, planId } = await patientOnTreatment(shop);
    // While the plan runs there is nothing to offer.
    expect(await view(patient)).toEqual({ offer: null });
    await cancel(patient, planId);

    const offered = await view(patient);
    expect(offered.offer).toEqual({
      productName: 'Wegovy',
      stoppedOn: today,
      endsOn: addMonthsClamped(today, 12),
      answer: null,
      weightReturning: false,
      guidance: [...AFTER_STOPPING_SUPPORT.guidance],
      source: expect.stringContaining('NICE NG246'),
    });

    const accepted = await answer(patient, { answer: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<AfterStopping>().offer?.answer).toBe('accepted');
    const reminder = (await shop.ctx.app.inject({ url: '/shop-api/account/reminders', headers: { cookie: patient.cookie } })).json();
    expect(reminder).toMatchObject({ isSaved: true, settings: { isEnabled: true, type: 'periodic', selectedFrequency: 30, selectedChannel: 'email' } });
    expect(reminder.nextReminderAt).not.toBeNull();

    // A year on, the offer is over.
    shop.at(addMonthsClamped(today, 12));
    expect((await view(patient)).offer?.endsOn).toBe(addMonthsClamped(today, 12));
    shop.at(addMonthsClamped(today, 13));
    expect(await view(patient)).toEqual({ offer: null });
  });

  it('may be declined, and nothing is turned on; a patient who never had a plan has none', async () => {
    shop.at(today);
    const { patient, planId } = await patientOnTreatment(shop);
    await cancel(patient, planId);
    const declined = await answer(patient, { answer: 'declined' });
    expect(declined.json<AfterStopping>().offer?.answer).toBe('declined');
    expect((await shop.ctx.app.inject({ url: '/shop-api/account/reminders', headers: { cookie: patient.cookie } })).json().isSaved).toBe(false);
    expect((await answer(patient, { answer: 'maybe' })).statusCode).toBe(400);

    const newcomer = await signedInPatientWithId(shop.ctx.app, shop.db());
    expect(await view(newcomer)).toEqual({ offer: null });
    expect((await answer(newcomer, { answer: 'accepted' })).statusCode).toBe(404);
  });
});
