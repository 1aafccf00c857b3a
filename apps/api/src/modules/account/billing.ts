import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema/orders';

/** The patient's plans that will still charge (active or paused) now renew on this card. */
export async function switchSubscriptionsToCard(tx: Db, customerId: number, paymentTokenId: number): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ paymentTokenId, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.customerId, customerId), inArray(subscriptions.state, ['active', 'paused'])));
}
