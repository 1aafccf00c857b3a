import { asc, eq, sql, type SQL } from 'drizzle-orm';
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
import type { Db } from '../db/client';
import { products } from '../db/schema/catalog';
import { orderEvents, orderItems, orders } from '../db/schema/orders';
import { carryOut, historyColumns, type Actor, type EventDetails, type Transitioned } from './transition';

type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

/**
 * Writes the new state only where the old one still stands and records the move in the order's history, in one
 * statement (one round trip; placing an order makes three moves). True when it moved.
 */
async function moveAndRecord(
  tx: Queryable,
  orderId: number,
  machine: 'order' | 'payment',
  to: SQL,
  from: SQL,
  history: ReturnType<typeof historyColumns>,
): Promise<boolean> {
  const result = await tx.execute(sql`
    with moved as (
      update ${orders} set ${to}, updated_at = ${new Date().toISOString()}::timestamptz
      where id = ${orderId} and ${from}
      returning id)
    insert into ${orderEvents} (order_id, machine, event, from_state, to_state, actor_type, actor_id, reason, data)
    select id, ${machine}, ${history.event}, ${history.fromState}, ${history.toState}, ${history.actorType}, ${history.actorId}, ${history.reason},
      ${history.data === null ? null : JSON.stringify(history.data)}::jsonb
    from moved
    returning order_id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** An order's two states as the caller read them under the order's row lock, in the transaction it passes. */
export interface HeldOrderStates {
  state: OrderState;
  paymentState: OrderPaymentState;
}

async function lockStates(tx: Queryable, orderId: number): Promise<HeldOrderStates | null> {
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
 * A caller already holding the order's row lock passes the states it read (`held`), saving the lock's round trip;
 * the move still writes only where the old state stands.
 */
export async function applyOrderEvent(
  tx: Queryable,
  orderId: number,
  event: OrderEvent,
  actor: Actor,
  details: EventDetails = {},
  held?: HeldOrderStates,
): Promise<Transitioned<OrderState, OrderEffect>> {
  const locked = held ?? (await lockStates(tx, orderId));
  const current = locked && event === 'released' ? { ...locked, needsPrescriber: await needsPrescriber(tx, orderId) } : locked;
  return carryOut(event, actor, current && decideOrderEvent(current, event, actor.type), async (from, to) => {
    const rejection = event === 'rejected' ? sql`, rejection_reason = ${details.reason ?? null}` : sql``;
    return moveAndRecord(tx, orderId, 'order', sql`state = ${to}${rejection}`, sql`state = ${from}`, historyColumns(event, from, to, actor, details));
  });
}

/** The one way an order's payment state is written: as applyOrderEvent (`held` too), over the money's own table. */
export async function applyOrderPaymentEvent(
  tx: Queryable,
  orderId: number,
  event: OrderPaymentEvent,
  actor: Actor,
  details: EventDetails = {},
  held?: HeldOrderStates,
): Promise<Transitioned<OrderPaymentState, OrderEffect>> {
  const current = held ?? (await lockStates(tx, orderId));
  return carryOut(event, actor, current && ORDER_PAYMENT_LIFECYCLE.decide(current.paymentState, event, actor.type), async (from, to) => {
    return moveAndRecord(tx, orderId, 'payment', sql`payment_state = ${to}`, sql`payment_state = ${from}`, historyColumns(event, from, to, actor, details));
  });
}

export type OrderEventRow = typeof orderEvents.$inferSelect;

/** An order's history, oldest first: its timeline's dates and the clinic's record of who did what. */
export async function orderHistory(db: Pick<Db, 'select'>, orderId: number): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}
