// The orders module's tables: a placed order, its lines and its lifecycle's events.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { carts } from './cart';
import { customers } from './customers';
import { transitionColumns } from './transition-columns';

/**
 * A placed order. The money is authorised at checkout and captured only after a clinician approves it
 * (SPEC §1); `state` is where the order stands for the patient, `paymentState` where its money stands. Both
 * move only through the lifecycle tables in packages/domain (orders/lifecycle.ts), applied by
 * apps/api/src/lifecycle, which records each move in `order_events`.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Public order number shown to the patient and used in the thank-you address. */
    number: text('number').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    /** Slug of the consultation the order came from (thank-you address /n/{slug}/order/complete/{number}). */
    consultationSlug: text('consultation_slug'),
    state: text('state').notNull(),
    rejectionReason: text('rejection_reason'),
    /** Set when a pharmacist dispatches the order: 'royal-mail' or 'dpd', and the carrier's tracking number. */
    trackingCarrier: text('tracking_carrier'),
    trackingNumber: text('tracking_number'),
    paymentState: text('payment_state').notNull(),
    paymentMode: text('payment_mode').notNull(),
    /** The browser's Idempotency-Key: a retried or doubled submit finds this order instead of making another. */
    idempotencyKey: text('idempotency_key').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    shipping: integer('shipping').notNull(),
    credit: integer('credit').notNull(),
    total: integer('total').notNull(),
    /** The discounts as the cart showed them ({code, name, amount, label}). */
    discounts: jsonb('discounts').$type<Record<string, unknown>[]>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<Record<string, unknown>>().notNull(),
    billingAddress: jsonb('billing_address').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('orders_customer_idempotency_key').on(table.customerId, table.idempotencyKey),
    index('orders_customer_created').on(table.customerId, table.createdAt),
    // One live order per cart; a cart whose payment failed may be paid again.
    uniqueIndex('orders_live_cart').on(table.cartId).where(sql`${table.state} <> 'payment_failed'`),
    // The stale-payment sweep's round: the few orders still waiting for their payment.
    index('orders_payment_pending').on(table.createdAt).where(sql`${table.state} = 'payment_pending'`),
    // Orders waiting for a clinician: counted, and the oldest found, at every metrics scrape (and the clinic's queue).
    index('orders_in_review').on(table.createdAt).where(sql`${table.state} = 'in_review'`),
  ],
);

/**
 * Every move of an order or of its money, as the lifecycle applied it: the history the patient's timeline and
 * the clinic's queues read. Rows are only ever added.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'order' for the order's state, 'payment' for its money. */
    machine: text('machine').notNull(),
    ...transitionColumns(),
  },
  (table) => [index('order_events_order').on(table.orderId, table.id), index('order_events_event').on(table.event, table.createdAt)],
);

/** The order's lines as sold: copied from the catalogue, so later price or name changes leave them be. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    productSlug: text('product_slug').notNull(),
    productName: text('product_name').notNull(),
    variantCode: text('variant_code').notNull(),
    variantName: text('variant_name').notNull(),
    dosage: text('dosage').notNull(),
    isPrescriptionOnly: boolean('is_prescription_only').notNull(),
    frequency: integer('frequency').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    total: integer('total').notNull(),
    /** The product's main image ({code, path, alt, ...}) for order history. */
    image: jsonb('image').$type<Record<string, unknown> | null>(),
  },
  (table) => [index('order_items_order').on(table.orderId)],
);

/** A placed order as stored: the row other modules are handed. */
export type OrderRow = typeof orders.$inferSelect;
