import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staff } from './clinic';
import { customers } from './customers';
import { orders } from './orders';

/**
 * A patient's weight, height and identity as a prescriber verified them (GPhC guidance for pharmacies providing
 * services at a distance, 2025): by video consultation, in person, from the clinical record or with the GP, never
 * from the patient's photos. What a weight-loss approval rests on; each row is kept as recorded (the application
 * never updates one: a new verification is a new row).
 */
export const patientVerifications = pgTable(
  'patient_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The prescriber who verified. */
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    /** video | in_person | clinical_record | gp_confirmation (packages/domain VERIFICATION_METHODS). */
    method: text('method').notNull(),
    weightKg: doublePrecision('weight_kg').notNull(),
    heightCm: doublePrecision('height_cm').notNull(),
    /** Worked out from the verified values by the domain's BMI rule, to one decimal. */
    bmi: doublePrecision('bmi'),
    identityChecked: boolean('identity_checked').notNull(),
    evidence: text('evidence').notNull().default(''),
    /** The order it was recorded from (its review), if any. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The video consultation it was recorded in, for method 'video'. */
    videoConsultationId: uuid('video_consultation_id'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('patient_verifications_customer').on(table.customerId, table.verifiedAt), uniqueIndex('patient_verifications_one_per_call').on(table.videoConsultationId)],
);

/**
 * Video consultations with a prescriber, booked by the patient in the prescribers' free slots (the scheduling
 * port's built-in scheduler). One prescriber's slot is never held twice: the partial unique index decides.
 */
export const videoConsultations = pgTable(
  'video_consultations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    /** The weight-loss order waiting on the verification when it was booked. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** booked, cancelled, completed. */
    status: text('status').notNull().default('booked'),
    /** Which scheduler booked it (built-in). */
    source: text('source').notNull(),
    rescheduledFrom: uuid('rescheduled_from'),
    /** patient, account-deleted. */
    cancelledBy: text('cancelled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the prescriber ended it. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('video_consultations_one_per_slot').on(table.staffId, table.startsAt).where(sql`${table.status} <> 'cancelled'`),
    index('video_consultations_customer').on(table.customerId, table.startsAt),
    index('video_consultations_staff').on(table.staffId, table.startsAt),
  ],
);
