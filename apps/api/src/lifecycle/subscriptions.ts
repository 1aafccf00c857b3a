import { and, asc, eq, sql } from 'drizzle-orm';
import { decideSubscriptionEvent, type RenewalCheckIn, type SubscriptionEffect, type SubscriptionEvent, type SubscriptionState } from '@elmwood/domain';
import type { Db } from '../db/client';
import { outer } from '../db/outer';
import { subscriptionEvents, subscriptions } from '../db/schema/subscriptions';
import { carryOut, historyColumns, type Actor, type EventDetails, type Transitioned } from './transition';

type Queryable = Pick<Db, 'select' | 'insert' | 'update'>;

/**
 * Whether the plan's coming delivery waits for a check-in: a weight-loss treatment is supplied again only once
 * the patient has reported a current weight for that delivery.
 */
export async function renewalCheckIn(tx: Pick<Db, 'select'>, plan: { id: string; nextDeliveryDate: string; checkInForDelivery: string | null }): Promise<RenewalCheckIn> {
  const [weightLoss] = await tx
    .select({ one: sql<number>`1` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, plan.id),
        sql`exists (select 1 from order_items i join products p on p.code = i.product_code
          where i.order_id = ${outer(subscriptions.orderId)} and i.frequency = ${outer(subscriptions.frequency)} and p.category = 'weight-loss')`,
      ),
    );
  if (!weightLoss) return 'not_needed';
  return plan.checkInForDelivery === plan.nextDeliveryDate ? 'answered' : 'missing';
}

/** The one way a plan's state is written; see applyOrderEvent. A renewal is ordered only once its check-in is in. */
export async function applySubscriptionEvent(
  tx: Queryable,
  subscriptionId: string,
  event: SubscriptionEvent,
  actor: Actor,
  details: EventDetails = {},
): Promise<Transitioned<SubscriptionState, SubscriptionEffect>> {
  const [row] = await tx
    .select({ id: subscriptions.id, state: subscriptions.state, nextDeliveryDate: subscriptions.nextDeliveryDate, checkInForDelivery: subscriptions.checkInForDelivery })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  const checkIn: RenewalCheckIn = row && event === 'renewal_ordered' ? await renewalCheckIn(tx, row) : 'not_needed';
  const decision = row ? decideSubscriptionEvent({ state: row.state as SubscriptionState, checkIn }, event, actor.type) : null;
  return carryOut(event, actor, decision, async (from, to) => {
    const moved = await tx
      .update(subscriptions)
      .set({ state: to, updatedAt: new Date() })
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.state, from)))
      .returning({ id: subscriptions.id });
    if (moved.length > 0) await tx.insert(subscriptionEvents).values({ subscriptionId, ...historyColumns(event, from, to, actor, details) });
    return moved.length > 0;
  });
}

export async function subscriptionHistory(db: Pick<Db, 'select'>, subscriptionId: string) {
  return db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subscriptionId)).orderBy(asc(subscriptionEvents.id));
}
