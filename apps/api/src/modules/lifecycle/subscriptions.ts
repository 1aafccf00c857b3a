import { and, asc, eq } from 'drizzle-orm';
import { SUBSCRIPTION_LIFECYCLE, type SubscriptionEffect, type SubscriptionEvent, type SubscriptionState } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { subscriptionEvents, subscriptions } from '../../db/schema/orders';
import { carryOut, historyColumns, type Actor, type EventDetails, type Transitioned } from './transition';

type Queryable = Pick<Db, 'select' | 'insert' | 'update'>;

/** The one way a plan's state is written; see applyOrderEvent. */
export async function applySubscriptionEvent(
  tx: Queryable,
  subscriptionId: string,
  event: SubscriptionEvent,
  actor: Actor,
  details: EventDetails = {},
): Promise<Transitioned<SubscriptionState, SubscriptionEffect>> {
  const [row] = await tx.select({ state: subscriptions.state }).from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
  return carryOut(event, actor, row ? SUBSCRIPTION_LIFECYCLE.decide(row.state as SubscriptionState, event, actor.type) : null, async (from, to) => {
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
