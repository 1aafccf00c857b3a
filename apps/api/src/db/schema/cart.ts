import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { productVariants } from './catalog';
import { customers } from './customers';
import { consultations } from './quiz';

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  /** The unguessable token the browser holds (Sylius `tokenValue`). */
  token: text('token').notNull().unique(),
  channel: text('channel').notNull(),
  couponCode: text('coupon_code'),
  /** Set once a patient signs in with the cart: from then on only their session may read or change it. */
  customerUid: uuid('customer_uid').references(() => customers.uid, { onDelete: 'cascade' }),
  /** The checkout's Shipping step: SPEC §3 Address fields; billing falls back to shipping when null. */
  shippingAddress: jsonb('shipping_address').$type<Record<string, unknown>>(),
  billingAddress: jsonb('billing_address').$type<Record<string, unknown>>(),
  /** Set when an order was placed from the cart: it can no longer change. */
  completedAt: timestamp('completed_at', { withTimezone: true }),
  /**
   * Set in the transaction that creates a pending order from the cart (3-D Secure or PayPal may take minutes), and
   * cleared when that attempt fails or is replaced: every write to the cart requires it null in its own statement.
   */
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id),
    frequency: integer('frequency').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /**
     * The place the line takes in its cart, one line each: 'rx:{category}' for a prescription medicine (one course
     * of treatment per condition: another dose or medicine replaces it), else 'variant:{variant id}'.
     */
    slot: text('slot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Adds are one atomic upsert on this constraint, and every cart read finds its lines through it.
  (table) => [unique('cart_items_cart_slot').on(table.cartId, table.slot)],
);

/** The consultations whose outcome allows the prescription medicines in a cart. */
export const cartConsultations = pgTable(
  'cart_consultations',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    consultationId: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.cartId, table.consultationId] })],
);
