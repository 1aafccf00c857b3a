import { eq, sql } from 'drizzle-orm';
import { normaliseOrderNumber, UNPLACED_ORDER_STATES, type OrderState } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { orderRefunds } from '../../db/schema/clinic';
import { orders } from '../../db/schema/orders';
import { notFound } from '../../lib/errors';
import type { OrderRow } from '../../db/schema/orders';

export const ORDER_NOT_FOUND = 'We could not find that order.';

/**
 * A placed order by its number as staff type it (any case, spaces: normaliseOrderNumber), never an attempt whose
 * payment did not go through; `lock` holds its row.
 */
export async function placedOrderByNumber(tx: Pick<Db, 'select'>, number: string, lock = false): Promise<OrderRow> {
  const query = tx.select().from(orders).where(eq(orders.number, normaliseOrderNumber(number)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || UNPLACED_ORDER_STATES.includes(row.state as OrderState)) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** What has been refunded of an order so far, in pence. */
export async function refundedSoFar(tx: Pick<Db, 'select'>, orderId: number): Promise<number> {
  const [row] = await tx.select({ sum: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` }).from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  return row?.sum ?? 0;
}
