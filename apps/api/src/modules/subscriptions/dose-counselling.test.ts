import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLAN_MESSAGES, TIRZEPATIDE_CONTRACEPTION_COUNSELLING, type PlanManagement } from '@elmwood/domain';
import { orderItems, orders } from '../../db/schema/orders';
import { subscriptions } from '../../db/schema/subscriptions';
import { subscriptionHistory } from '../../lifecycle/index';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInPatientWithId } from '../../../test/support/account';
import { NO_GP_CONSENT, orderInReview, signedInStaff, verifyPatient } from '../../../test/support/staff';

const shop = renewalShop();
const { at, db } = shop;

/** A woman who could become pregnant and has read the counselling in her consultation (MHRA 2025). */
const COULD_BECOME_PREGNANT = { wl_sex: 'female', wl_pregnancy: 'no', wl_could_become_pregnant: 'yes', wl_oral_contraception: 'yes', wl_tirzepatide_counselling: ['understood'] };

/** A patient (by default one who could become pregnant) whose first Mounjaro 2.5 mg a prescriber approved and a pharmacist dispatched. */
async function suppliedMounjaro(answers: Record<string, unknown> = COULD_BECOME_PREGNANT) {
  at('2026-11-23');
  const patient = await signedInPatientWithId(shop.ctx.app, db());
  const { orderNumber } = await orderInReview(shop.ctx, patient.cookie, { answers });
  const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
  await db()
    .update(orderItems)
    .set({ productCode: 'MOUNJARO', productName: 'Mounjaro', variantCode: 'MOUNJARO-2-5MG', variantName: '2.5 mg', dosage: '2.5 mg' })
    .where(and(eq(orderItems.orderId, order!.id), eq(orderItems.isPrescriptionOnly, true)));
  await verifyPatient(shop.ctx, shop.prescriber, orderNumber);
  expect((await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${orderNumber}/approve`, headers: { cookie: shop.prescriber.cookie }, payload: NO_GP_CONSENT })).statusCode).toBe(200);
  const pharmacist = await signedInStaff(shop.ctx, 'pharmacist');
  const dispatched = await shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${orderNumber}/dispatch`, headers: { cookie: pharmacist.cookie }, payload: { carrier: 'dpd', trackingNumber: '12345678901234' } });
  expect(dispatched.statusCode).toBe(200);
  const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    shop.ctx.app.inject({ method, url: `/shop-api/subscriptions/${plan!.id}${url}`, headers: { cookie: patient.cookie }, ...(payload ? { payload } : {}) });
  return { planId: plan!.id, call };
}

describe('a dose increase of Mounjaro (tirzepatide): the contraception counselling again (MHRA 2025)', () => {
  it('is shown with the higher dose, refused until acknowledged, and the acknowledgement kept with its wording and time', async () => {
    const { planId, call } = await suppliedMounjaro();
    const plan = (await call('GET', '/plan')).json<PlanManagement>();
    expect(plan.dose.options.map((option) => [option.dosage, option.relation])).toEqual([
      ['2.5 mg', 'same'],
      ['5 mg', 'higher'],
    ]);
    expect(plan.dose.counselling).toEqual({
      version: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.version,
      title: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.title,
      paragraphs: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.paragraphs,
      acknowledgement: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.acknowledgement,
    });

    for (const unticked of [{ variantCode: 'MOUNJARO-5MG' }, { variantCode: 'MOUNJARO-5MG', counsellingAcknowledged: false }]) {
      const refused = await call('POST', '/dose', unticked);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'COUNSELLING_NOT_ACKNOWLEDGED', message: PLAN_MESSAGES.counselling });
    }
    expect((await subscriptionHistory(db(), planId)).map((row) => row.event)).not.toContain('dose_changed');

    const asked = await call('POST', '/dose', { variantCode: 'MOUNJARO-5MG', counsellingAcknowledged: true });
    expect(asked.statusCode, asked.body).toBe(200);
    const changed = (await subscriptionHistory(db(), planId)).filter((row) => row.event === 'dose_changed');
    expect(changed).toHaveLength(1);
    const kept = (changed[0]!.data as { counsellingAcknowledged: { version: string; wording: string; at: string } }).counsellingAcknowledged;
    expect(kept).toEqual({ version: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.version, wording: expect.stringContaining('barrier method'), at: shop.clock.toISOString() });
    expect(kept.wording).toContain(TIRZEPATIDE_CONTRACEPTION_COUNSELLING.acknowledgement);
  });

  it.each([
    ['a man', { wl_sex: 'male' }],
    ['a woman who cannot become pregnant', { wl_sex: 'female', wl_pregnancy: 'no', wl_could_become_pregnant: 'no' }],
  ])('is not asked of %s: the higher dose is offered without it', async (_who, answers) => {
    const { planId, call } = await suppliedMounjaro(answers);
    const plan = (await call('GET', '/plan')).json<PlanManagement>();
    expect(plan.dose.options.map((option) => option.relation)).toContain('higher');
    expect(plan.dose.counselling).toBeNull();
    const asked = await call('POST', '/dose', { variantCode: 'MOUNJARO-5MG' });
    expect(asked.statusCode, asked.body).toBe(200);
    const [changed] = (await subscriptionHistory(db(), planId)).filter((row) => row.event === 'dose_changed');
    expect(changed!.data).not.toHaveProperty('counsellingAcknowledged');
  });

  it('staying on the same dose needs no acknowledgement', async () => {
    const { call } = await suppliedMounjaro();
    expect((await call('POST', '/dose', { variantCode: 'MOUNJARO-2-5MG' })).statusCode).toBe(200);
  });
});
