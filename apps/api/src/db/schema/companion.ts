import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TriggeredRule } from '@elmwood/domain';
import { customers } from './customers';
import { subscriptions } from './subscriptions';

/**
 * The treatment companion (issue 35): what a weight-loss patient records between deliveries. Each row is the
 * patient's own and read through their id; the clinic reads them for the prescriber's review (audited).
 */

/** A weekly dose taken (with the site) or a week missed, on one plan, with the dose as it was supplied. */
export const injectionLogs = pgTable(
  'injection_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** taken | missed. */
    status: text('status').notNull(),
    /** When it was taken; for a missed week, the day the dose was due. */
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** An INJECTION_SITES code; null for a missed week. */
    site: text('site'),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    variantCode: text('variant_code').notNull(),
    dosage: text('dosage').notNull(),
    /** The device's Idempotency-Key: a dose sent twice (a retry) is logged once. */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('injection_logs_customer_taken').on(table.customerId, table.takenAt), uniqueIndex('injection_logs_customer_client_key').on(table.customerId, table.clientKey)],
);

/** A side effect the patient logged in their diary, as triaged when logged (the rules that held, with their sources). */
export const sideEffectDiaryEntries = pgTable(
  'side_effect_diary_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** A SIDE_EFFECT_SYMPTOMS code. */
    symptom: text('symptom').notNull(),
    /** mild | moderate | severe. */
    severity: text('severity').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    /** The warning signs the patient ticked (SIDE_EFFECT_RED_FLAGS codes). */
    redFlags: text('red_flags').array().notNull(),
    note: text('note'),
    /** urgent | review | self-care. */
    outcome: text('outcome').notNull(),
    rules: jsonb('rules').$type<TriggeredRule[]>().notNull(),
    /** The persistence rule asked a prescriber's review with this entry: asked once per stretch. */
    reviewAsked: boolean('review_asked').notNull().default(false),
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('side_effect_diary_customer_day').on(table.customerId, table.occurredOn), uniqueIndex('side_effect_diary_customer_client_key').on(table.customerId, table.clientKey)],
);

/** The 12 months of support offered after a weight-loss plan ends, and the patient's answer. */
export const afterStoppingSupport = pgTable('after_stopping_support', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  offeredOn: date('offered_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  /** accepted | declined; null until the patient answers. */
  answer: text('answer'),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
});
