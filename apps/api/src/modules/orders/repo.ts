import { and, asc, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { bucketFor, EXPERIMENTS, LIVE_ORDER_STATES, type Frequency, type OrderItem, type ProductAttribute, type ProductImage } from '@elmwood/domain';
import type { Db, Queryable } from '../../db/client';
import { carts } from '../../db/schema/cart';
import { customers } from '../../db/schema/customers';
import { products } from '../../db/schema/catalog';
import { orderEvents, orderItems, orders } from '../../db/schema/orders';
import { payments, paymentTokens } from '../../db/schema/payments';
import { subscriptions } from '../../db/schema/subscriptions';
import { experimentAssignments } from '../../db/schema/experiments';
import { ORDER_NUMBER_PATTERN } from './order-number';

/** A transaction or the database. */
export type { Queryable };
import type { OrderRow } from '../../db/schema/orders';
export type { OrderRow };
export type PaymentRow = typeof payments.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/**
 * In one read: the order this customer's Idempotency-Key already made, and the cart's live order (not a failed
 * payment; at most one, the orders_live_cart index). Either may be null; they may be the same order.
 */
export async function findOrdersForCheckout(
  db: Queryable,
  { customerId, idempotencyKey, cartId }: { customerId: number; idempotencyKey: string; cartId: number },
): Promise<{ byKey: OrderRow | null; live: OrderRow | null }> {
  const byKey = and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, idempotencyKey));
  const liveForCart = and(eq(orders.cartId, cartId), ne(orders.state, 'payment_failed'));
  const rows = await db.select().from(orders).where(or(byKey, liveForCart));
  const found = (matches: (row: OrderRow) => boolean) => rows.find(matches) ?? null;
  return {
    byKey: found((row) => row.customerId === customerId && row.idempotencyKey === idempotencyKey),
    live: found((row) => row.cartId === cartId && row.state !== 'payment_failed'),
  };
}

/** The owner's order by its number; null for anyone else's, so a foreign number looks like no order. */
export async function findOwnedOrder(db: Queryable, customerId: number, number: string, lock = false): Promise<OrderRow | null> {
  // Anything that cannot be an order number is no order (and a NUL byte would be refused by PostgreSQL).
  if (!ORDER_NUMBER_PATTERN.test(number)) return null;
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.customerId, customerId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findOrderById(db: Queryable, orderId: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

export async function lockOrder(db: Queryable, orderId: number): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row!;
}

/**
 * Locks the order's cart (when it still has one), then the order. Every transaction that holds both takes them in
 * the checkout's order (cart, then the buyer, then the order): one that locked the order first, then wrote rows
 * referring to the buyer (a key-share lock) and then completed or unlocked the cart, would deadlock (40P01) with a
 * checkout of that cart holding the cart and waiting for the buyer's row.
 */
export async function lockOrderAndItsCart(db: Queryable, orderId: number): Promise<OrderRow> {
  await db
    .select({ id: carts.id })
    .from(carts)
    .where(sql`${carts.id} = (select ${orders.cartId} from ${orders} where ${orders.id} = ${orderId})`)
    .for('no key update');
  return lockOrder(db, orderId);
}

/** The checkout payment of an order (its first payment row). */
export async function findCheckoutPayment(db: Queryable, orderId: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)).limit(1);
  return row ?? null;
}

/** Inserts the order under a fresh number; a clash of numbers (vanishingly rare) simply draws another. */
export async function insertOrder(db: Queryable, values: Omit<NewOrder, 'number'>, nextNumber: () => string): Promise<OrderRow> {
  for (;;) {
    const [row] = await db
      .insert(orders)
      .values({ ...values, number: nextNumber() })
      .onConflictDoNothing({ target: orders.number })
      .returning();
    if (row) return row;
  }
}

export async function insertOrderItems(db: Queryable, orderId: number, items: readonly NewOrderItem[]): Promise<void> {
  if (items.length > 0) await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId })));
}

export async function insertPayment(db: Queryable, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

export async function updatePayment(db: Queryable, id: number, values: Partial<typeof payments.$inferInsert>): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

/** A superseded attempt the sweeper found nothing more to release for: it is watched no longer. */
export async function markPaymentReleased(db: Queryable, orderId: number): Promise<void> {
  await db
    .update(payments)
    .set({ state: 'released', updatedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'superseded')));
}

export async function claimCartFor(db: Queryable, cartId: number, customerUid: string): Promise<void> {
  await db.update(carts).set({ customerUid }).where(and(eq(carts.id, cartId), sql`${carts.customerUid} is null`));
}

export async function productAttributesByCode(db: Queryable, codes: readonly string[]): Promise<{ code: string; attributes: ProductAttribute[] }[]> {
  if (codes.length === 0) return [];
  return db.select({ code: products.code, attributes: products.attributes }).from(products).where(inArray(products.code, [...codes]));
}

/** An order line as the patient's pages show it, from its stored row or the row being written. */
export function orderItemOf(row: NewOrderItem): OrderItem {
  return {
    productCode: row.productCode,
    productSlug: row.productSlug,
    productName: row.productName,
    variantCode: row.variantCode,
    variantName: row.variantName,
    dosage: row.dosage,
    frequency: row.frequency as Frequency,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    total: row.total,
    image: (row.image as ProductImage | null) ?? null,
  };
}

export async function findOrderItems(db: Queryable, orderId: number): Promise<OrderItem[]> {
  const rows = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  return rows.map(orderItemOf);
}

/**
 * Saves a card for renewals as the patient's default; the same gateway source saved again is not doubled (the
 * latest customer-initiated payment is then the one renewals name). One statement: checkout holds its
 * transaction open while it runs.
 */
export async function saveDefaultPaymentToken(db: Queryable, values: Omit<typeof paymentTokens.$inferInsert, 'isDefault'>): Promise<number> {
  const result = await db.execute(sql`
    with chosen as (
      select id from ${paymentTokens} where customer_id = ${values.customerId} and gateway_source_id = ${values.gatewaySourceId} order by id limit 1),
    others as (
      update ${paymentTokens} set is_default = false
      where customer_id = ${values.customerId} and is_default and id not in (select id from chosen)),
    again as (
      update ${paymentTokens} set is_default = true, initial_payment_id = coalesce(${values.initialPaymentId ?? null}::text, initial_payment_id)
      where id in (select id from chosen)
      returning id),
    fresh as (
      insert into ${paymentTokens} (customer_id, provider, gateway_source_id, brand, last4, expiry_month, expiry_year, initial_payment_id, is_default)
      select ${values.customerId}::int, ${values.provider}::text, ${values.gatewaySourceId}::text, ${values.brand}::text, ${values.last4}::text,
        ${values.expiryMonth ?? null}::int, ${values.expiryYear ?? null}::int, ${values.initialPaymentId ?? null}::text, true
      where not exists (select 1 from chosen)
      returning id)
    select id from again union all select id from fresh`);
  return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
}

export async function findPaymentToken(db: Queryable, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(paymentTokens)
    .where(and(eq(paymentTokens.customerId, customerId), eq(paymentTokens.id, id)));
  return row ?? null;
}

export async function listPaymentTokens(db: Queryable, customerId: number) {
  return db
    .select()
    .from(paymentTokens)
    .where(eq(paymentTokens.customerId, customerId))
    .orderBy(desc(paymentTokens.isDefault), desc(paymentTokens.createdAt), desc(paymentTokens.id));
}

export async function insertSubscriptions(db: Queryable, rows: (typeof subscriptions.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(subscriptions).values(rows);
}

export async function findOrderSubscription(db: Queryable, orderId: number) {
  const [row] = await db
    .select({ id: subscriptions.id, frequency: subscriptions.frequency, nextDeliveryDate: subscriptions.nextDeliveryDate })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId))
    .orderBy(asc(subscriptions.frequency))
    .limit(1);
  return row ?? null;
}

/**
 * The customer's bucket in every running experiment: assigned once (deterministically from their uid, so even a
 * race assigns the same bucket), then always read back, so a later change of the bucketing never moves anyone.
 */
export async function experimentBuckets(db: Queryable, customer: { id: number; uid: string }): Promise<Record<string, string>> {
  await db
    .insert(experimentAssignments)
    .values(EXPERIMENTS.map((experiment) => ({ customerId: customer.id, experiment: experiment.name, bucket: bucketFor(experiment, customer.uid) })))
    .onConflictDoNothing();
  const rows = await db
    .select({ experiment: experimentAssignments.experiment, bucket: experimentAssignments.bucket })
    .from(experimentAssignments)
    .where(eq(experimentAssignments.customerId, customer.id));
  return Object.fromEntries(rows.map((row) => [row.experiment, row.bucket]));
}

export async function findPaymentByGatewayId(db: Queryable, gatewayPaymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.gatewayPaymentId, gatewayPaymentId));
  return row ?? null;
}

export async function findCustomerContact(db: Queryable, id: number) {
  const [row] = await db
    .select({ id: customers.id, uid: customers.uid, email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, id));
  return row ?? null;
}

/**
 * How many of the customer's payments were declined since then: the gateway said no (a refused or invalid card, a
 * failed 3-D Secure, a cancelled PayPal approval), as the order's history records it. An attempt the patient
 * replaced (a double click, paying again) or abandoned is 'superseded' there, and is no sign of card testing.
 */
export async function countDeclinedPaymentsSince(db: Queryable, customerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(eq(orders.customerId, customerId), eq(orderEvents.machine, 'payment'), eq(orderEvents.event, 'declined'), gt(orderEvents.createdAt, since)));
  return row?.count ?? 0;
}

/**
 * The products of a patient's live orders (placed and not rejected, cancelled or unpaid), by the patient's public uid:
 * the medicines they take or are about to.
 */
export async function productsTakenBy(db: Db, customerUid: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: orderItems.productCode })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(customers.uid, customerUid), inArray(orders.state, [...LIVE_ORDER_STATES])));
  return rows.map((row) => row.code);
}

/**
 * A prescriber approved a line at another dose of its medicine: the line carries the dose and price supplied, and the
 * order's totals move by the difference, so the money taken is the price of what is supplied. Answers the difference
 * (negative when lower). The consultation the prescriber reviewed is not touched.
 */
export async function changeLineDose(tx: Queryable, orderId: number, lineId: number, variant: { code: string; name: string; dosage: string }, unitPrice: number): Promise<number> {
  const [line] = await tx.select().from(orderItems).where(and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId)));
  if (!line) throw new Error(`Order ${orderId} has no line ${lineId}`);
  const total = unitPrice * line.quantity;
  const difference = total - line.total;
  await tx.update(orderItems).set({ variantCode: variant.code, variantName: variant.name, dosage: variant.dosage, unitPrice, total }).where(eq(orderItems.id, lineId));
  await tx
    .update(orders)
    .set({
      subtotal: sql`${orders.subtotal} + ${difference}`,
      discount: sql`least(${orders.discount}, ${orders.subtotal} + ${difference})`,
      total: sql`greatest(0, ${orders.total} + ${difference})`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId));
  return difference;
}
