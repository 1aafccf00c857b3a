// Money taken for an order, and the cards patients keep with the gateway (saved at checkout or in the account).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { orders } from './orders';

/**
 * Money movements at the gateway for an order: the checkout authorisation, later captures, voids, refunds
 * and renewal charges. Only the gateway's ids are kept, never card numbers.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    gatewayPaymentId: text('gateway_payment_id'),
    /** card, saved-card, applepay, googlepay, paypal. */
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    /**
     * pending, challenge, authorised, declined, captured, voided, refunded; superseded (a replaced or abandoned
     * checkout attempt, whose late authorisation is voided) until the sweeper finds nothing left at the gateway: released.
     */
    state: text('state').notNull(),
    declineReason: text('decline_reason'),
    challengeUrl: text('challenge_url'),
    /** A renewal's merchant-initiated charge: its try (1 on the charge date, then the retries); its idempotency key is derived from it. */
    attempt: integer('attempt'),
    /** A checkout attempt's network address, as a keyed hash (never the address itself): declines are counted per address. */
    clientAddressKey: text('client_address_key'),
    /** The card as the gateway identifies it across customers (its fingerprint), from its reply; null for PayPal. */
    cardFingerprint: text('card_fingerprint'),
    /** When the gateway declined this checkout attempt, by the shop's clock: card testing is counted from it. */
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_order').on(table.orderId),
    // Declined checkouts in the last hour, per address, per card and shop-wide (card testing).
    index('payments_declined_by_address').on(table.clientAddressKey, table.declinedAt).where(sql`${table.declinedAt} is not null`),
    index('payments_declined_by_card').on(table.cardFingerprint, table.declinedAt).where(sql`${table.declinedAt} is not null`),
    index('payments_declined').on(table.declinedAt).where(sql`${table.declinedAt} is not null`),
    // The self-referral check compares a friend's cards with the referrer's.
    index('payments_card_fingerprint').on(table.cardFingerprint).where(sql`${table.cardFingerprint} is not null`),
    uniqueIndex('payments_gateway_id').on(table.gatewayPaymentId),
    // The stale-payment sweep's watch over replaced or abandoned attempts.
    index('payments_superseded').on(table.updatedAt).where(sql`${table.state} = 'superseded'`),
    // One row per try of a renewal charge, whichever process reserves it first.
    uniqueIndex('payments_renewal_attempt').on(table.orderId, table.attempt).where(sql`${table.attempt} is not null`),
  ],
);

/**
 * Cards and wallets kept at the gateway for renewals (SPEC §3 defaultPaymentToken). `provider` is one of
 * the six provider codes; the shop holds only what it shows (brand, expiry, last four) and the gateway's id.
 */
export const paymentTokens = pgTable(
  'payment_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    gatewaySourceId: text('gateway_source_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    /**
     * The customer-initiated payment (checkout or card verification) that stored the card: card schemes require
     * merchant-initiated renewals to name it (Checkout.com previous_payment_id).
     */
    initialPaymentId: text('initial_payment_id'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_tokens_customer').on(table.customerId)],
);
