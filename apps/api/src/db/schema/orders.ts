import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { carts } from './cart';
import { customers } from './customers';
import type { PlanChange } from '@elmwood/domain';
import { products } from './catalog';

/**
 * A placed order. The money is authorised at checkout and captured only after a clinician approves it
 * (SPEC §1); `state` is where the order stands for the patient, `paymentState` where its money stands. Both
 * move only through the lifecycle tables in packages/domain (orders/lifecycle.ts), applied by
 * modules/lifecycle, which records each move in `order_events`.
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
  ],
);

/** One applied lifecycle event: what moved the state, from where to where, who raised it and why. */
const transitionColumns = () => ({
  event: text('event').notNull(),
  fromState: text('from_state').notNull(),
  toState: text('to_state').notNull(),
  /** patient, prescriber, pharmacist, support, admin, gateway or job. */
  actorType: text('actor_type').notNull(),
  /** The staff member's or patient's id; null for the gateway and jobs. */
  actorId: text('actor_id'),
  reason: text('reason'),
  data: jsonb('data').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
 * What the clinic may ask of a patient after an order (SPEC §3 Task definition), seeded as data.
 * taskType: upload-photo, gp-info, questionnaire, reminder, coach-call, typeform.
 */
export const taskDefinitions = pgTable('task_definitions', {
  code: text('code').primaryKey(),
  taskType: text('task_type').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  image: text('image'),
  isCritical: boolean('is_critical').notNull().default(false),
  isReminder: boolean('is_reminder').notNull().default(false),
  safetyCheck: boolean('safety_check').notNull().default(false),
  /** Badge on the task card; null shows the default 'Required'. */
  badge: text('badge'),
  /** Type-specific settings: upload category and landing slug, questionnaire slug, form_id, task_url. */
  configuration: jsonb('configuration').$type<Record<string, unknown>>().notNull(),
  position: integer('position').notNull().default(0),
});

/** Which tasks an order of a product brings (seeded beside the catalogue). */
export const productTaskDefinitions = pgTable(
  'product_task_definitions',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    taskCode: text('task_code')
      .notNull()
      .references(() => taskDefinitions.code, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.productId, table.taskCode] })],
);

/** A follow-up task of one patient, copied from its definition when an order creates it. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => taskDefinitions.code),
    /** open or completed. */
    state: text('state').notNull().default('open'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** What completed it: an upload id, 'gp-info', a consultation id. */
    completedWith: text('completed_with'),
    /** What this one task asks beyond its definition, e.g. a prescriber's question ({ question, photoRequested }). */
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tasks_customer_state').on(table.customerId, table.state), unique('tasks_order_code').on(table.orderId, table.code)],
);

/** A customer's bucket in each running experiment: assigned once, deterministically, then kept. */
export const experimentAssignments = pgTable(
  'experiment_assignments',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    experiment: text('experiment').notNull(),
    bucket: text('bucket').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.experiment] })],
);
