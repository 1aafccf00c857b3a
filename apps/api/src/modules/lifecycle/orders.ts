import { and, asc, eq } from 'drizzle-orm';
import {
  decideOrderEvent,
  needsNoPrescriber,
  ORDER_PAYMENT_LIFECYCLE,
  type OrderEffect,
  type OrderEvent,
  type OrderPaymentEvent,
  type OrderPaymentState,
  type OrderState,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import { carryOut, historyColumns, type Actor, type EventDetails, type Transitioned } from './transition';

type Queryable = Pick<Db, 'select' | 'insert' | 'update'>;

async function lockStates(tx: Queryable, orderId: number) {
  const [row] = await tx.select({ state: orders.state, paymentState: orders.paymentState }).from(orders).where(eq(orders.id, orderId)).for('update');
  return row ? { state: row.state as OrderState, paymentState: row.paymentState as OrderPaymentState } : null;
}

/** Whether a prescriber must decide on the order: unless every line is a product bought without a consultation. */
export async function needsPrescriber(tx: Pick<Db, 'select'>, orderId: number): Promise<boolean> {
  const lines = await tx
    .select({ code: orderItems.productCode, isPrescriptionOnly: products.isPrescriptionOnly })
    .from(orderItems)
    .leftJoin(products, eq(products.code, orderItems.productCode))
    .where(eq(orderItems.orderId, orderId));
  // A line whose product is no longer in the catalogue is treated as a medicine.
  return !needsNoPrescriber(lines.map((line) => ({ code: line.code, isPrescriptionOnly: line.isPrescriptionOnly ?? true })));
}

/**
 * The one way an order's state is written (ARCHITECTURE: one transition table per lifecycle). Call it inside
 * the caller's transaction; carry out the answer's effects only when `applied`, so a second click or a second
 * process, finding nothing to do, does nothing twice. A rejection's reason is kept on the order for the patient.
 */
export async function applyOrderEvent(
  tx: Queryable,
  orderId: number,
  event: OrderEvent,
  actor: Actor,
  details: EventDetails = {},
): Promise<Transitioned<OrderState, OrderEffect>> {
  const locked = await lockStates(tx, orderId);
  const current = locked && event === 'released' ? { ...locked, needsPrescriber: await needsPrescriber(tx, orderId) } : locked;
  return carryOut(event, actor, current && decideOrderEvent(current, event, actor.type), async (from, to) => {
    const moved = await tx
      .update(orders)
      .set({ state: to, updatedAt: new Date(), ...(event === 'rejected' ? { rejectionReason: details.reason ?? null } : {}) })
      .where(and(eq(orders.id, orderId), eq(orders.state, from)))
      .returning({ id: orders.id });
    if (moved.length > 0) await tx.insert(orderEvents).values({ orderId, machine: 'order', ...historyColumns(event, from, to, actor, details) });
    return moved.length > 0;
  });
}

/** The one way an order's payment state is written: as applyOrderEvent, over the money's own table. */
export async function applyOrderPaymentEvent(
  tx: Queryable,
  orderId: number,
  event: OrderPaymentEvent,
  actor: Actor,
  details: EventDetails = {},
): Promise<Transitioned<OrderPaymentState, OrderEffect>> {
  const current = await lockStates(tx, orderId);
  return carryOut(event, actor, current && ORDER_PAYMENT_LIFECYCLE.decide(current.paymentState, event, actor.type), async (from, to) => {
    const moved = await tx
      .update(orders)
      .set({ paymentState: to, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.paymentState, from)))
      .returning({ id: orders.id });
    if (moved.length > 0) await tx.insert(orderEvents).values({ orderId, machine: 'payment', ...historyColumns(event, from, to, actor, details) });
    return moved.length > 0;
  });
}

export type OrderEventRow = typeof orderEvents.$inferSelect;

/** An order's history, oldest first: its timeline's dates and the clinic's record of who did what. */
export async function orderHistory(db: Pick<Db, 'select'>, orderId: number): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}
