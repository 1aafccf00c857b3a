import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { ukCalendarDate, type OrderState, type PlanSupply } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { orderEvents, orders } from '../../db/schema/orders';
import { subscriptionRenewals } from '../../db/schema/subscriptions';

/** Orders a prescriber has not decided yet. */
const UNDECIDED = ['awaiting_patient', 'in_review'] satisfies OrderState[];

/**
 * What a plan has supplied, for the earliest next delivery (nextDeliveryLimits): the last dispatch of any of its
 * orders (the one that began it and its renewals), whether one is approved and not yet sent, and one still undecided.
 */
export async function planSupply(db: Pick<Db, 'select'>, plan: { id: string; orderId: number; frequency: number }): Promise<PlanSupply> {
  const renewalOrders = db.select({ orderId: subscriptionRenewals.orderId }).from(subscriptionRenewals).where(eq(subscriptionRenewals.subscriptionId, plan.id));
  const ofPlan = or(eq(orders.id, plan.orderId), inArray(orders.id, renewalOrders));
  const [planOrders, [dispatch]] = await Promise.all([
    db.select({ number: orders.number, state: orders.state }).from(orders).where(ofPlan).orderBy(asc(orders.id)),
    db
      .select({ at: sql<Date | null>`max(${orderEvents.createdAt})` })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(and(ofPlan, eq(orderEvents.machine, 'order'), eq(orderEvents.toState, 'dispatched'))),
  ]);
  const lastDispatchAt = dispatch?.at ? new Date(dispatch.at) : null;
  return {
    frequency: plan.frequency,
    lastDispatchedOn: lastDispatchAt ? ukCalendarDate(lastDispatchAt) : null,
    awaitingDispatch: planOrders.some((order) => order.state === 'approved'),
    orderInReview: planOrders.find((order) => (UNDECIDED as string[]).includes(order.state))?.number ?? null,
  };
}
