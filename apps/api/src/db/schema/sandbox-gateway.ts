import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The sandbox payment gateway's own records. They stand for the provider's side, so nothing of the shop
 * refers to them: the shop keeps only the ids the gateway hands out. Kept in the database (not in process
 * memory) so that a payment authorised today can be captured by a clinician days later, from any process.
 * No card number is stored, only what a real gateway shows the merchant: brand, last four and expiry.
 */

/** A card or wallet the gateway knows: tokenised in the browser, or kept for renewals. */
export const sandboxSources = pgTable('sandbox_sources', {
  id: text('id').primaryKey(),
  /** card, applepay, googlepay or paypal. */
  kind: text('kind').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expiryMonth: integer('expiry_month'),
  expiryYear: integer('expiry_year'),
  /** What the test card does when charged: authorise, challenge or decline. */
  behaviour: text('behaviour').notNull(),
  /** The same for every token of one card number (as a provider's card fingerprint is); null for PayPal. */
  fingerprint: text('fingerprint'),
  /** When the merchant deleted the kept card (DELETE /instruments/{id}): no renewal can draw on it after. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Short-lived tokens the browser got from POST /sandbox-gateway/tokens. */
export const sandboxTokens = pgTable('sandbox_tokens', {
  token: text('token').primaryKey(),
  sourceId: text('source_id')
    .notNull()
    .references(() => sandboxSources.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * One payment at the gateway. status: challenge (3-D Secure or PayPal approval awaited), authorised, declined,
 * captured, voided, refunded (partly or wholly).
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    reference: text('reference').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('GBP'),
    sourceId: text('source_id')
      .notNull()
      .references(() => sandboxSources.id),
    status: text('status').notNull(),
    /** Keep the source for merchant-initiated renewals once authorised. */
    storeSource: boolean('store_source').notNull().default(false),
    merchantInitiated: boolean('merchant_initiated').notNull().default(false),
    previousPaymentId: text('previous_payment_id'),
    /** Where the challenge or PayPal page sends the patient back. */
    returnUrl: text('return_url'),
    declineReason: text('decline_reason'),
    captured: integer('captured').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_payments_reference').on(table.reference)],
);

/**
 * Idempotency: the first request with a key claims it (the primary key makes a concurrent duplicate wait, then
 * conflict) and stores its answer; every repeat gets that answer instead of acting again.
 */
export const sandboxRequests = pgTable(
  'sandbox_requests',
  {
    operation: text('operation').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentId: text('payment_id'),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.operation, table.idempotencyKey] })],
);
