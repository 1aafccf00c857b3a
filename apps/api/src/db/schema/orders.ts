import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { carts } from './cart';
import { productVariants } from './catalog';
import { customers } from './customers';

export interface OrderLineSnapshot {
  productCode: string;
  productName: string;
  variantCode: string;
  dosage: string;
  frequency: number;
  quantity: number;
  unitPrice: number;
  total: number;
}

export interface AddressSnapshot {
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  city: string;
  postcode: string;
  countryCode: 'GB';
  phoneNumber: string | null;
}

/**
 * A placed order: the cart's lines and prices frozen at checkout. It waits for a clinician's review with
 * the payment authorised; only an approved order is charged.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** One order per cart: a retried checkout finds the order it already made. */
    cartId: integer('cart_id')
      .notNull()
      .unique()
      .references(() => carts.id),
    channel: text('channel').notNull(),
    /** awaiting_payment → awaiting_review → approved → dispatched → delivered; or rejected / cancelled. */
    state: text('state').notNull(),
    lines: jsonb('lines').$type<OrderLineSnapshot[]>().notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    shipping: integer('shipping').notNull(),
    total: integer('total').notNull(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('orders_customer').on(table.customerId)],
);

/** Cards kept at the gateway for renewals; the shop holds only what it shows. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    gatewaySourceId: text('gateway_source_id').notNull(),
    brand: text('brand').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    last4: text('last4').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('saved_cards_customer_source').on(table.customerId, table.gatewaySourceId)],
);

export const payments = pgTable('payments', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  gatewayPaymentId: text('gateway_payment_id'),
  amount: integer('amount').notNull(),
  /** challenge, authorised, declined, captured, voided, refunded. */
  state: text('state').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable('subscriptions', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  variantId: integer('variant_id')
    .notNull()
    .references(() => productVariants.id),
  frequency: integer('frequency').notNull(),
  price: integer('price').notNull(),
  nextDelivery: date('next_delivery', { mode: 'string' }).notNull(),
  state: text('state').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Follow-up work an order asks of the patient (photo ID, weight photo, GP details...). */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id),
    code: text('code').notNull(),
    isCritical: boolean('is_critical').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tasks_customer').on(table.customerId), unique('tasks_order_code').on(table.orderId, table.code)],
);
