import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, firstDeliveryFrom, ukToday, type DosePlan } from '@elmwood/domain';
import { signedInPatientWithId } from '../../../test/support/account';
import { patientOnTreatment } from '../../../test/support/companion';
import { renewalShop } from '../../../test/support/renewal-shop';

// Dispatches are dated by the database's clock: the shop's clock starts on the same (real) day.
const shop = renewalShop({}, new Date(`${ukToday(new Date())}T10:00:00Z`));

describe('the dose plan', () => {
  it('shows the dose supplied and since when, the next step with its earliest delivery and price, the maintenance dose and each dose’s price per delivery; the patient’s own only', async () => {
    const { patient, planId, dispatchedOn } = await patientOnTreatment(shop);
    const plan = await shop.planRow(planId);
    const reply = await shop.ctx.app.inject({ url: `/shop-api/dose-plans/${planId}`, headers: { cookie: patient.cookie } });
    expect(reply.statusCode, reply.body).toBe(200);
    const dose = reply.json<DosePlan>();
    expect(dose).toMatchObject({
      productName: 'Wegovy',
      frequency: 30,
      deliveryCovers: 'month',
      supplied: [{ dosage: '0.25 mg', suppliedOn: dispatchedOn }],
      current: { dosage: '0.25 mg', since: dispatchedOn },
      // SmPC 4.2: 4 weeks on 0.25 mg first; the step comes with the first delivery from then.
      nextStep: { dosage: '0.5 mg', earliestOn: firstDeliveryFrom(addDays(dispatchedOn, 28), plan.nextDeliveryDate, 30), pricePerDelivery: 16900 },
      maintenance: { dosage: '2.4 mg' },
      nextDelivery: plan.nextDeliveryDate,
    });
    expect(dose.steps.map((step) => [step.dosage, step.status, step.pricePerDelivery])).toEqual([
      ['0.25 mg', 'current', 14900],
      ['0.5 mg', 'next', 16900],
      ['1 mg', 'later', 19900],
      ['1.7 mg', 'later', 24900],
      ['2.4 mg', 'later', 27900],
    ]);
    expect(dose.decision.source).toMatch(/Wegovy SmPC 4\.2/);

    const other = await signedInPatientWithId(shop.ctx.app, shop.db());
    expect((await shop.ctx.app.inject({ url: `/shop-api/dose-plans/${planId}`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await shop.ctx.app.inject({ url: `/shop-api/dose-plans/${randomUUID()}`, headers: { cookie: patient.cookie } })).statusCode).toBe(404);
    expect((await shop.ctx.app.inject({ url: '/shop-api/dose-plans/nope', headers: { cookie: patient.cookie } })).statusCode).toBe(404);
  });
});
