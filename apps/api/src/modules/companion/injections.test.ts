import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, dayAndMonth, penCountdownText, reTitration, ukToday, type InjectionEntry, type InjectionLog, type InjectionPlan, type OrderReview } from '@elmwood/domain';
import { injectionLogs } from '../../db/schema/companion';
import { orders } from '../../db/schema/orders';
import { subscriptionRenewals } from '../../db/schema/subscriptions';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInPatientWithId } from '../../../test/support/account';
import { answerCheckIn } from '../../../test/support/check-in';
import { patientOnTreatment } from '../../../test/support/companion';
import { signedInStaff } from '../../../test/support/staff';
import { doseLadder, planSupplies } from '../subscriptions/index';

// Dispatches are dated by the database's clock: the shop's clock starts on the same (real) day.
const shop = renewalShop({}, new Date(`${ukToday(new Date())}T10:00:00Z`));

const get = (cookie: string, url: string) => shop.ctx.app.inject({ url: `/shop-api${url}`, headers: { cookie } });
const log = (cookie: string, payload: object, key: string = randomUUID()) =>
  shop.ctx.app.inject({ method: 'POST', url: '/shop-api/injections', headers: { cookie, 'idempotency-key': key }, payload });
const at = (date: string, time = '09:00') => `${date}T${time}:00.000Z`;

describe('the injection log', () => {
  it('starts from the pen supplied: four doses, the first site, the next delivery', async () => {
    const { patient, planId, dispatchedOn } = await patientOnTreatment(shop);
    const plan = await shop.planRow(planId);
    expect(penCountdownText({ dosesLeft: 4, dosesLeftInPen: 4 }, plan.nextDeliveryDate)).toBe(`Your pen has 4 doses left; your next delivery comes on ${dayAndMonth(plan.nextDeliveryDate)}`.replace(/\.?$/, '.'));
    const view = (await get(patient.cookie, '/injections')).json<InjectionLog>();
    expect(view.plans).toHaveLength(1);
    expect(view.plans[0]).toMatchObject({
      planId,
      productName: 'Wegovy',
      doses: [{ variantCode: 'WEGOVY-0-25MG', dosage: '0.25 mg' }],
      nextSite: 'abdomen-left',
      nextDoseOn: dispatchedOn,
      nextDelivery: plan.nextDeliveryDate,
      countdown: { dosesLeft: 4, dosesLeftInPen: 4, penDosage: '0.25 mg', text: penCountdownText({ dosesLeft: 4, dosesLeftInPen: 4 }, plan.nextDeliveryDate) },
      missedSinceLastDelivery: 0,
      entries: [],
    });
    expect(view.rotation.source).toMatch(/Mounjaro SmPC 4\.2/);
  });

  it('logs doses at sites by default now, rotates the next site away from the last ones, counts the pen down and a missed week as missed', async () => {
    const { patient, planId, dispatchedOn } = await patientOnTreatment(shop);
    const plan = await shop.planRow(planId);
    shop.at(dispatchedOn, '18:30');
    const first = await log(patient.cookie, { planId, status: 'taken', site: 'abdomen-left' });
    expect(first.statusCode, first.body).toBe(201);
    const firstReply = first.json<{ entry: InjectionEntry; plan: InjectionPlan }>();
    // No time given: now, with the dose supplied.
    expect(firstReply.entry).toMatchObject({ planId, status: 'taken', site: 'abdomen-left', takenAt: `${dispatchedOn}T18:30:00.000Z`, productName: 'Wegovy', dosage: '0.25 mg' });
    expect(firstReply.plan).toMatchObject({ nextSite: 'abdomen-right', nextDoseOn: addDays(dispatchedOn, 7), countdown: { dosesLeft: 3, dosesLeftInPen: 3 } });

    shop.at(addDays(dispatchedOn, 14), '12:00');
    expect((await log(patient.cookie, { planId, status: 'taken', site: 'abdomen-right', takenAt: at(addDays(dispatchedOn, 7)) })).statusCode).toBe(201);
    const missed = await log(patient.cookie, { planId, status: 'missed', takenAt: at(addDays(dispatchedOn, 14)) });
    expect(missed.statusCode, missed.body).toBe(201);
    const afterMiss = missed.json<{ entry: InjectionEntry; plan: InjectionPlan }>();
    expect(afterMiss.entry).toMatchObject({ status: 'missed', site: null });
    // A missed week takes no dose from the pen, and moves no site.
    expect(afterMiss.plan).toMatchObject({ nextSite: 'thigh-left', missedSinceLastDelivery: 1, countdown: { dosesLeft: 2, dosesLeftInPen: 2 } });

    shop.at(addDays(dispatchedOn, 15), '12:00');
    const third = (await log(patient.cookie, { planId, status: 'taken', site: 'thigh-left', takenAt: at(addDays(dispatchedOn, 15)) })).json<{ plan: InjectionPlan }>();
    expect(third.plan).toMatchObject({
      nextSite: 'thigh-right',
      nextDoseOn: addDays(dispatchedOn, 22),
      countdown: { dosesLeft: 1, dosesLeftInPen: 1, text: penCountdownText({ dosesLeft: 1, dosesLeftInPen: 1 }, plan.nextDeliveryDate) },
    });
    const view = (await get(patient.cookie, '/injections')).json<InjectionLog>();
    expect(view.plans[0]!.entries.map((entry) => [entry.status, entry.site])).toEqual([
      ['taken', 'thigh-left'],
      ['missed', null],
      ['taken', 'abdomen-right'],
      ['taken', 'abdomen-left'],
    ]);
  });

  it('is the patient’s own: another patient’s dose, plan or log answers 404 and shows nothing', async () => {
    const owner = await patientOnTreatment(shop);
    shop.at(owner.dispatchedOn, '12:00');
    const entry = (await log(owner.patient.cookie, { planId: owner.planId, status: 'taken', site: 'thigh-left' })).json<{ entry: InjectionEntry }>().entry;
    const other = await signedInPatientWithId(shop.ctx.app, shop.db());

    expect((await get(other.cookie, `/injections/${entry.id}`)).statusCode).toBe(404);
    expect((await shop.ctx.app.inject({ method: 'DELETE', url: `/shop-api/injections/${entry.id}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    const onTheirPlan = await log(other.cookie, { planId: owner.planId, status: 'taken', site: 'thigh-left' });
    expect(onTheirPlan.statusCode).toBe(404);
    expect(onTheirPlan.json()).toMatchObject({ code: 'NOT_FOUND', message: 'We could not find that plan.' });
    expect((await get(other.cookie, '/injections')).json<InjectionLog>().plans).toEqual([]);
    expect((await get(other.cookie, '/injections/not-a-uuid')).statusCode).toBe(404);
    // The owner still has it, reads it and may take it out.
    expect((await get(owner.patient.cookie, `/injections/${entry.id}`)).json<InjectionEntry>()).toEqual(entry);
    expect((await shop.ctx.app.inject({ method: 'DELETE', url: `/shop-api/injections/${entry.id}`, headers: { cookie: owner.patient.cookie } })).statusCode).toBe(204);
    expect((await get(owner.patient.cookie, `/injections/${entry.id}`)).statusCode).toBe(404);
    expect((await get(owner.patient.cookie, '/injections')).statusCode).toBe(200);
    expect((await shop.ctx.app.inject({ url: '/shop-api/injections' })).statusCode).toBe(401);
  });

  it('refuses what is not a dose in words, never a 500', async () => {
    const { patient, planId, dispatchedOn } = await patientOnTreatment(shop);
    shop.at(dispatchedOn, '12:00');
    const noSite = await log(patient.cookie, { planId, status: 'taken' });
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().details.issues[0]).toMatchObject({ field: 'body.site', message: 'Please choose where you injected.' });
    const future = await log(patient.cookie, { planId, status: 'taken', site: 'thigh-left', takenAt: at(addDays(dispatchedOn, 1)) });
    expect(future.statusCode).toBe(400);
    expect(future.json().details.issues[0]).toMatchObject({ field: 'body.takenAt', message: 'The date and time of a dose cannot be in the future.' });
    const notSupplied = await log(patient.cookie, { planId, status: 'taken', site: 'thigh-left', variantCode: 'WEGOVY-2-4MG' });
    expect(notSupplied.statusCode).toBe(400);
    expect(notSupplied.json().details.issues[0]).toMatchObject({ field: 'body.variantCode', message: 'Please choose the dose you took.' });
    expect((await log(patient.cookie, { planId: randomUUID(), status: 'taken', site: 'thigh-left' })).statusCode).toBe(404);
    expect((await log(patient.cookie, { planId, status: 'sometimes', site: 'elbow' })).statusCode).toBe(400);
    const garbled = (await log(patient.cookie, 'not json at all' as unknown as object)).statusCode;
    expect(garbled >= 400 && garbled < 500).toBe(true);
    expect((await get(patient.cookie, '/injections')).json<InjectionLog>().plans[0]!.entries).toEqual([]);
  });

  it('logs a dose sent twice with one key once', async () => {
    const { patient, planId, dispatchedOn } = await patientOnTreatment(shop);
    shop.at(dispatchedOn, '12:00');
    const key = randomUUID();
    const [one, two] = [await log(patient.cookie, { planId, status: 'taken', site: 'thigh-left' }, key), await log(patient.cookie, { planId, status: 'taken', site: 'thigh-left' }, key)];
    expect(two.json().entry.id).toBe(one.json().entry.id);
    expect(await shop.db().select().from(injectionLogs).where(eq(injectionLogs.subscriptionId, planId))).toHaveLength(1);
  });

  it('waits for the first pen: nothing to log before a supply is sent', async () => {
    const patient = await signedInPatientWithId(shop.ctx.app, shop.db());
    expect((await get(patient.cookie, '/injections')).json<InjectionLog>().plans).toEqual([]);
  });
});

describe('the prescriber’s review reads the log', () => {
  it('counts the weeks logged as missed for re-titration, and shows the log and the diary in words', async () => {
    const { patient, planId, dispatchedOn } = await patientOnTreatment(shop);
    const plan = await shop.planRow(planId);
    shop.at(addDays(dispatchedOn, 14), '12:00');
    await log(patient.cookie, { planId, status: 'taken', site: 'abdomen-left', takenAt: at(dispatchedOn) });
    await log(patient.cookie, { planId, status: 'missed', takenAt: at(addDays(dispatchedOn, 7)) });
    await log(patient.cookie, { planId, status: 'missed', takenAt: at(addDays(dispatchedOn, 14)) });
    const diary = await shop.ctx.app.inject({
      method: 'POST',
      url: '/shop-api/side-effect-diary',
      headers: { cookie: patient.cookie },
      payload: { symptom: 'nausea', severity: 'moderate', occurredOn: addDays(dispatchedOn, 14) },
    });
    expect(diary.statusCode, diary.body).toBe(201);

    // The renewal: due a week ahead, ordered once the check-in is in (the patient says they missed none).
    shop.at(addDays(plan.nextDeliveryDate, -7));
    await shop.round();
    await answerCheckIn(shop.ctx, patient, { missedDoses: 0 });
    const [renewal] = await shop
      .db()
      .select({ number: orders.number })
      .from(subscriptionRenewals)
      .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
      .where(eq(subscriptionRenewals.subscriptionId, planId));
    const review = (await shop.ctx.app.inject({ url: `/shop-api/clinic/orders/${renewal!.number}`, headers: { cookie: shop.prescriber.cookie } })).json<OrderReview>();

    const expected = reTitration({ supplies: await planSupplies(shop.db(), plan), doseOn: plan.nextDeliveryDate, statedMissedDoses: 2, steps: await doseLadder(shop.db(), 'WEGOVY') })!;
    expect(review.dose!.reTitration).toMatchObject({ statedMissedDoses: 0, loggedMissedDoses: 2, lastDoseOn: expected.lastDoseOn, daysWithoutDose: expected.daysWithoutDose, outcome: expected.outcome });
    expect(review.companion.missedSinceLastDelivery).toEqual([{ productName: 'Wegovy', missed: 2 }]);
    expect(review.companion.injections.map((entry) => [entry.statusText, entry.siteText, entry.dosage])).toEqual([
      ['Missed', null, '0.25 mg'],
      ['Missed', null, '0.25 mg'],
      ['Taken', 'Tummy, left side', '0.25 mg'],
    ]);
    expect(review.companion.diary).toEqual([
      expect.objectContaining({ symptomText: 'Feeling sick (nausea)', severity: 'moderate', severityText: 'Moderate: it gets in the way of my day', outcome: 'self-care', redFlagTexts: [] }),
    ]);
    // Support sees the order without it.
    const support = await signedInSupport();
    const supportView = (await shop.ctx.app.inject({ url: `/shop-api/clinic/orders/${renewal!.number}`, headers: { cookie: support } })).json();
    expect(supportView.view).toBe('support');
    expect(supportView.companion).toBeUndefined();
  });
});

async function signedInSupport(): Promise<string> {
  return (await signedInStaff(shop.ctx, 'support')).cookie;
}
