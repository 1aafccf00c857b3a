import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import { accountBucket, deliveryCharge, RECURRING_DISCOUNT_EXPERIMENT, type Frequency, type Pence } from '@elmwood/domain';
import { experimentAssignments } from '../../db/schema/experiments';
import { orders } from '../../db/schema/orders';
import { subscriptionRenewals } from '../../db/schema/subscriptions';
import type { Queryable } from '../../db/client';
import type { PlanRow, RenewalLines } from './repo';

/** Renewal orders that never went ahead supplied nothing: the plan's months count what was supplied. */
const NOT_SUPPLIED = ['rejected', 'cancelled'];

export interface RenewalCharge {
  /** What the coming delivery charges, before any referral credit. */
  amount: Pence;
  /** What the recurring-discount gift takes off it (SPEC §9: £20 off the 2nd and 3rd months). */
  gift: Pence;
}

/**
 * Whether the patient is in the recurring-discount test's 'gift' bucket, as they were shown it: the bucket kept on
 * their account (assigned when the shop first showed them a price, carried over from their visit). With none kept,
 * nothing showed them the gift, so they are charged as the control.
 */
async function inGiftBucket(db: Queryable, customerId: number): Promise<boolean> {
  const rows = await db
    .select({ experiment: experimentAssignments.experiment, bucket: experimentAssignments.bucket })
    .from(experimentAssignments)
    .where(and(eq(experimentAssignments.customerId, customerId), eq(experimentAssignments.experiment, RECURRING_DISCOUNT_EXPERIMENT.name)));
  return accountBucket(RECURRING_DISCOUNT_EXPERIMENT, Object.fromEntries(rows.map((row) => [row.experiment, row.bucket])), null) === 'gift';
}

/** Which delivery of the plan the coming one is: the first order's, then every renewal before it that supplied. */
async function comingDelivery(db: Queryable, plan: PlanRow): Promise<number> {
  const [row] = await db
    .select({ supplied: sql<number>`count(*)::int` })
    .from(subscriptionRenewals)
    .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
    .where(and(eq(subscriptionRenewals.subscriptionId, plan.id), lt(subscriptionRenewals.deliveryDate, plan.nextDeliveryDate), notInArray(orders.state, NOT_SUPPLIED)));
  return (row?.supplied ?? 0) + 2;
}

/**
 * What the plan's coming renewal charges for its lines: the price the checkout's price terms promised, month by month
 * (deliveryCharge, the same rule as laterPayments), so a patient shown the gift is charged with it.
 */
export async function renewalCharge(db: Queryable, plan: PlanRow, lines: Pick<RenewalLines, 'amount'>): Promise<RenewalCharge> {
  const [delivery, gift] = await Promise.all([comingDelivery(db, plan), inGiftBucket(db, plan.customerId)]);
  const amount = deliveryCharge(lines.amount, delivery, plan.frequency as Frequency, gift);
  return { amount, gift: lines.amount - amount };
}
