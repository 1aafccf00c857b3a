import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import type { ConsultationOutcome } from '@elmwood/domain';
import { orders } from './orders';

/** A question as the patient saw it when ordering: its text and, for choices, the options' texts. */
export interface SnapshotQuestion {
  id: string;
  type: string;
  question: string;
  options: { value: string; text: string }[];
}

/**
 * The consultation a prescriber decides on, copied onto the order when it is placed (issue 11 item 7): the
 * answers, the outcome evaluated at that moment and the questions' texts. A later edit of the consultation or of
 * the questionnaire leaves it be; a trigger refuses any UPDATE.
 */
export const orderConsultations = pgTable(
  'order_consultations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Where it was copied from; no foreign key, so the copy outlives the consultation. */
    consultationId: uuid('consultation_id').notNull(),
    questionnaireId: integer('questionnaire_id').notNull(),
    questionnaireSlug: text('questionnaire_slug').notNull(),
    questionnaireTitle: text('questionnaire_title').notNull(),
    questions: jsonb('questions').$type<SnapshotQuestion[]>().notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    outcome: jsonb('outcome').$type<ConsultationOutcome>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('order_consultations_order_questionnaire').on(table.orderId, table.questionnaireId), index('order_consultations_order').on(table.orderId)],
);

/**
 * Clinic staff: separate from patients (issue 12), so no patient sign-in of any kind can become a staff session.
 * Passwords are argon2id; the TOTP secret is kept encrypted (AES-256-GCM) and every sign-in needs a code.
 */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  /** The public id in session tokens; the serial id stays in the database and the audit log. */
  uid: uuid('uid').notNull().unique().defaultRandom(),
  /** Lower-cased and trimmed. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** A STAFF_ROLES value: prescriber, pharmacist, support or admin. */
  role: text('role').notNull(),
  /** Prescribers only: 'GPhC' or 'GMC' and the number, shown on their decisions. */
  registrationBody: text('registration_body'),
  registrationNumber: text('registration_number'),
  /** Prescribers: weekly windows (UK wall-clock time) in which patients may book a video consultation. */
  videoAvailability: jsonb('video_availability').$type<{ day_of_week: number; time_start: string; time_end: string }[]>().notNull().default([]),
  passwordHash: text('password_hash').notNull(),
  /** iv.tag.ciphertext (base64url) of the base32 TOTP secret; null until enrolment is confirmed. */
  totpSecret: text('totp_secret'),
  /** A secret offered at enrolment and not yet confirmed by a code (encrypted the same way). */
  pendingTotpSecret: text('pending_totp_secret'),
  /** The last TOTP time step accepted, so one code is never accepted twice. */
  totpLastStep: integer('totp_last_step'),
  /** Raised at logout: every session token issued before it stops working. */
  sessionVersion: integer('session_version').notNull().default(0),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes for a lost authenticator, kept only as SHA-256 hashes. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_recovery_codes_staff').on(table.staffId)],
);

/**
 * Every staff read of a patient's record, photo or answers, and every decision; and the clinical events a patient
 * raises themselves (a side-effect report), with no member of staff. Append-only: the foreign keys never cascade (a
 * patient with audit rows cannot be deleted out from under them) and a trigger refuses UPDATE and DELETE (migration
 * 0008).
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Who acted; null when the patient acted on their own record (then patient_id names them). */
    staffId: integer('staff_id').references(() => staff.id),
    /** e.g. read-order, read-photo, approve, reject, request-information, dispatch, refund, export-audit. */
    action: text('action').notNull(),
    patientId: integer('patient_id').references(() => customers.id),
    /** Kept as a number, not a foreign key, so the row never goes with the order. */
    orderId: integer('order_id'),
    orderNumber: text('order_number'),
    /** What was read or acted on: order, photo, consultation, gp-details, audit-log. */
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('staff_audit_log_at').on(table.at),
    index('staff_audit_log_patient').on(table.patientId, table.at),
    check('staff_audit_log_actor', sql`${table.staffId} is not null or ${table.patientId} is not null`),
  ],
);

/**
 * Money given back on an order, one row per refund request: the client's Idempotency-Key makes a repeat of one
 * request find its row instead of refunding twice. Who and why are kept here and in the order's history.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('order_refunds_order_key').on(table.orderId, table.idempotencyKey)],
);

/** A member of staff as stored. */
export type StaffRow = typeof staff.$inferSelect;
