import { and, eq, inArray, sql } from 'drizzle-orm';
import { assessCheckIn, CLINICAL_POLICY, isTirzepatide, MAINTENANCE_DOSE_RULES, maintenanceDoseSince, type ApprovedSupply, type CheckInOutcome, type IsoDate } from '@elmwood/domain';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import { subscriptionRenewals } from '../../db/schema/subscriptions';
import { consultations } from '../../db/schema/quiz';
import type { Queryable } from '../../db/client';
import { initialWeightKg } from '../weight/index';

/** Orders a prescriber approved and that went (or are going) to the patient. */
const SUPPLIED_STATES = ['approved', 'dispatched', 'delivered'];

/**
 * The patient's approved supplies of the titrated weight-loss medicines: what was supplied and the day it was for
 * (a renewal's delivery date; a first order's approval day, as the UK calendar has it).
 */
export async function approvedSupplies(tx: Pick<Queryable, 'select'>, customerId: number): Promise<ApprovedSupply[]> {
  const approvedOn = tx
    .select({ orderId: orderEvents.orderId, day: sql<string>`min((${orderEvents.createdAt} at time zone 'Europe/London')::date)::text`.as('day') })
    .from(orderEvents)
    .where(and(eq(orderEvents.machine, 'order'), eq(orderEvents.event, 'approved')))
    .groupBy(orderEvents.orderId)
    .as('approved_on');
  return tx
    .select({
      productCode: orderItems.productCode,
      variantCode: orderItems.variantCode,
      suppliedOn: sql<string>`coalesce(${subscriptionRenewals.deliveryDate}::text, ${approvedOn.day}, ((${orders.createdAt} at time zone 'Europe/London')::date)::text)`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(subscriptionRenewals, eq(subscriptionRenewals.orderId, orders.id))
    .leftJoin(approvedOn, eq(approvedOn.orderId, orders.id))
    .where(and(eq(orders.customerId, customerId), inArray(orders.state, SUPPLIED_STATES), inArray(orderItems.productCode, MAINTENANCE_DOSE_RULES.map((rule) => rule.product))));
}

/**
 * The check-in's answers judged by assessCheckIn with what the shop knows of the patient's treatment: the initial
 * weight is their first consultation's; the day they reached their maintenance dose comes from the supplies a
 * prescriber approved (maintenanceDoseSince: the licence's maintenance dose, or a dose kept for the clinic policy's
 * number of supplies), so NICE's stopping rule is flagged for the prescriber 6 months on; the medicine last supplied
 * says whether the patient is on tirzepatide (the pill's counselling).
 */
export async function judgeCheckIn(tx: Pick<Queryable, 'select'>, customerId: number, answers: Record<string, unknown>, today: IsoDate): Promise<CheckInOutcome> {
  const initial = await initialWeightKg(tx, customerId);
  const supplies = await approvedSupplies(tx, customerId);
  const latest = supplies.reduce<ApprovedSupply | null>((last, supply) => (last === null || supply.suppliedOn >= last.suppliedOn ? supply : last), null);
  return assessCheckIn(answers, {
    today,
    initialWeightKg: initial,
    maintenanceDoseSince: maintenanceDoseSince(supplies, CLINICAL_POLICY),
    onTirzepatide: isTirzepatide(latest?.productCode),
  });
}

/** A check-in consultation's answers, or null when there is no such consultation. */
export async function checkInAnswers(tx: Pick<Queryable, 'select'>, consultationId: string): Promise<Record<string, unknown> | null> {
  const [row] = await tx.select({ answers: consultations.answers }).from(consultations).where(eq(consultations.id, consultationId));
  return row?.answers ?? null;
}
