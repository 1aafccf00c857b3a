import { and, asc, eq } from 'drizzle-orm';
import { SUBSCRIPTION_LIFECYCLE, type SubscriptionEffect, type SubscriptionEvent, type SubscriptionState } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { subscriptionEvents, subscriptions } from '../../db/schema/orders';
import { historyColumns, LifecycleActorError, type Actor, type EventDetails, type Transitioned } from './actor';

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
  if (!row) return { applied: false, reason: 'not_found' };
  const decision = SUBSCRIPTION_LIFECYCLE.decide(row.state as SubscriptionState, event, actor.type);
  if (!decision.ok) {
    if (decision.reason === 'not_permitted') throw new LifecycleActorError(event, actor.type);
    return { applied: false, reason: decision.reason };
  }
  const moved = await tx
    .update(subscriptions)
    .set({ state: decision.to, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.state, decision.from)))
    .returning({ id: subscriptions.id });
  if (moved.length === 0) return { applied: false, reason: 'not_from_this_state' };
  await tx.insert(subscriptionEvents).values({ subscriptionId, ...historyColumns(event, decision.from, decision.to, actor, details) });
  return { applied: true, from: decision.from, to: decision.to, effects: decision.effects };
}

export async function subscriptionHistory(db: Pick<Db, 'select'>, subscriptionId: string) {
  return db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, subscriptionId)).orderBy(asc(subscriptionEvents.id));
}
