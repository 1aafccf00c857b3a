import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../../src/db/schema/orders';
import { subscriptions } from '../../src/db/schema/subscriptions';
import { eligibleWeightLossAnswers } from '../../src/seed/data/questionnaires/sample-answers';
import { planSupplies } from '../../src/modules/subscriptions/index';
import { signedInPatientWithId, type Patient } from './account';
import type { renewalShop } from './renewal-shop';
import { NO_GP_CONSENT, orderInReview, signedInStaff, verifyPatient, type SignedInStaff } from './staff';

type Shop = ReturnType<typeof renewalShop>;

export interface PlanOnTreatment {
  patient: Patient;
  orderNumber: string;
  planId: string;
  /** The UK day the first pen was dispatched. */
  dispatchedOn: string;
}

/**
 * A new weight-loss patient whose first order (Wegovy 0.25 mg monthly, one four-dose pen) was approved by the shop's
 * prescriber (on weight and height verified in person) and dispatched by a pharmacist: what the treatment companion starts from.
 */
export async function patientOnTreatment(shop: Shop, pharmacist?: SignedInStaff): Promise<PlanOnTreatment> {
  const db = shop.db();
  const patient = await signedInPatientWithId(shop.ctx.app, db, { birthday: eligibleWeightLossAnswers.wl_dob });
  const { orderNumber } = await orderInReview(shop.ctx, patient.cookie);
  const clinic = (staff: SignedInStaff, url: string, payload: object) => shop.ctx.app.inject({ method: 'POST', url: `/shop-api/clinic${url}`, headers: { cookie: staff.cookie }, payload });
  await verifyPatient(shop.ctx, shop.prescriber, orderNumber);
  const approved = await clinic(shop.prescriber, `/orders/${orderNumber}/approve`, NO_GP_CONSENT);
  expect(approved.statusCode, approved.body).toBe(200);
  const dispatched = await clinic(pharmacist ?? (await signedInStaff(shop.ctx, 'pharmacist')), `/orders/${orderNumber}/dispatch`, { carrier: 'dpd', trackingNumber: '12345678901234' });
  expect(dispatched.statusCode, dispatched.body).toBe(200);
  const [order] = await db.select().from(orders).where(eq(orders.number, orderNumber));
  const [plan] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
  const [supply] = await planSupplies(db, plan!);
  return { patient, orderNumber, planId: plan!.id, dispatchedOn: supply!.suppliedOn };
}
