// The subscriptions module's tables: a plan, its renewals and its lifecycle's events.
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PlanChange } from '@elmwood/domain';
import { customers } from './customers';
import { orders } from './orders';
import { paymentTokens } from './payments';
import { transitionColumns } from './transition-columns';

/**
 * A treatment on subscription: the recurring lines of the order that began it, delivered every
 * `frequency` days (30 or 90) from `nextDeliveryDate` (a UK calendar date).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    frequency: integer('frequency').notNull(),
    /** How long the plan runs before it renews (3 quarterly, 1 monthly): 'Renew or cancel after N months' when over 1. */
    planMonths: integer('plan_months').notNull().default(0),
    /** A SUBSCRIPTION_STATES value; moves only through the subscription lifecycle (subscription_events). */
    state: text('state').notNull(),
    /** Price of one delivery in pence, after discounts that recur. */
    price: integer('price').notNull(),
    discount: integer('discount').notNull().default(0),
    nextDeliveryDate: date('next_delivery_date', { mode: 'string' }).notNull(),
    paymentTokenId: integer('payment_token_id').references(() => paymentTokens.id, { onDelete: 'set null' }),
    isShippingRequired: boolean('is_shipping_required').notNull().default(true),
    /** The delivery date whose check-in the patient has answered, and the consultation holding the answers. */
    checkInForDelivery: date('check_in_for_delivery', { mode: 'string' }),
    checkInConsultationId: uuid('check_in_consultation_id'),
    /** While paused: the delivery date it had before, for an early resume. */
    pausedFromDelivery: date('paused_from_delivery', { mode: 'string' }),
    /** A pause, skip or cancellation asked for after the cut-off: carried out once this delivery's renewal is done. */
    scheduledChange: jsonb('scheduled_change').$type<ScheduledPlanChange>(),
    /** The dose the patient asked for from the next renewal on (a higher one waits for the prescriber's review). */
    requestedVariantCode: text('requested_variant_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_customer').on(table.customerId),
    // The renewal round's scan: running plans by their next delivery.
    index('subscriptions_state_next_delivery').on(table.state, table.nextDeliveryDate),
  ],
);

export type ScheduledPlanChange = PlanChange & { appliesAfter: string };

/**
 * One renewal of a plan: the order made for one delivery date, charged on the saved card once a prescriber
 * approves it. The unique (subscription, delivery date) makes one order per period whatever the retries,
 * restarts or the number of processes.
 */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    id: serial('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    chargeDate: date('charge_date', { mode: 'string' }).notNull(),
    /** The UK date of the first declined charge: the retries count from it. */
    firstDeclinedOn: date('first_declined_on', { mode: 'string' }),
    /** The dose asked for was higher than the last one: the prescriber decides in the review. */
    doseIncrease: boolean('dose_increase').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('subscription_renewals_period').on(table.subscriptionId, table.deliveryDate)],
);

/** Every move of a plan, as the subscription lifecycle applied it. Rows are only ever added. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: serial('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    ...transitionColumns(),
  },
  (table) => [index('subscription_events_subscription').on(table.subscriptionId, table.id)],
);

/**
 * A catalogue price change told to a patient before it is charged: the plan's line at the old unit price, the new
 * one, the delivery it applies from (the first whose charge is at least the notice period away), and when told.
 * One per plan, dose and new price; the renewal charges the new price only from that delivery.
 */
export const planPriceNotices = pgTable(
  'plan_price_notices',
  {
    id: serial('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    productName: text('product_name').notNull(),
    variantCode: text('variant_code').notNull(),
    dosage: text('dosage').notNull(),
    oldUnitPrice: integer('old_unit_price').notNull(),
    newUnitPrice: integer('new_unit_price').notNull(),
    appliesFromDelivery: date('applies_from_delivery', { mode: 'string' }).notNull(),
    notifiedOn: date('notified_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('plan_price_notices_once').on(table.subscriptionId, table.variantCode, table.newUnitPrice), index('plan_price_notices_plan').on(table.subscriptionId, table.appliesFromDelivery)],
);

/** A plan (subscription) as stored. */
export type PlanRow = typeof subscriptions.$inferSelect;
