import { check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers';

/**
 * Weight log entries (SPEC §3): the one table the tracking chart, the progress card and the clinic read. Values are
 * in kg and cm with the unit the patient typed, for display. An entry holds a measured weight, a goal weight, or
 * both; BMI is worked out by the server from the latest height. The consultation's answers and a check-in's are
 * entries too, added once per consultation.
 */
export const weightLogs = pgTable(
  'weight_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    weightKg: doublePrecision('weight_kg'),
    weightUnit: text('weight_unit'),
    goalKg: doublePrecision('goal_kg'),
    goalUnit: text('goal_unit'),
    heightCm: doublePrecision('height_cm'),
    heightUnit: text('height_unit'),
    bmi: doublePrecision('bmi'),
    /** patient | consultation | check-in. */
    source: text('source').notNull(),
    /** The consultation the entry came from; one entry per consultation. No foreign key: the entry outlives it. */
    consultationId: uuid('consultation_id').unique(),
    /**
     * The Idempotency-Key the patient's device sent with the entry (an entry logged offline is sent again until one
     * reply arrives): one key, one entry per patient.
     */
    clientKey: text('client_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('weight_logs_customer_measured').on(table.customerId, table.measuredAt),
    uniqueIndex('weight_logs_customer_client_key').on(table.customerId, table.clientKey),
    check('weight_logs_has_weight', sql`${table.weightKg} is not null or ${table.goalKg} is not null`),
  ],
);

/** The unit the patient last used (SPEC §7 'Save user preference after a successful log'); kg until then. */
export const customerPreferences = pgTable('customer_preferences', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  weightUnit: text('weight_unit').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A milestone of the weight log the patient has reached, and when they saw it (each is shown once). */
export const weightMilestones = pgTable(
  'weight_milestones',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** A MILESTONES code. */
    code: text('code').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.code] })],
);
