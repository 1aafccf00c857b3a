import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConsultationOutcome, QuestionnaireInput } from '@elmwood/domain';
import { customers } from './customers';

/** Consultations as data: the questions and the eligibility rules, seeded and served as one document. */
export const questionnaires = pgTable('questionnaires', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  taxon: text('taxon').notNull(),
  definition: jsonb('definition').$type<Pick<QuestionnaireInput, 'steps' | 'rules' | 'kind'>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One patient's answers to one questionnaire. An anonymous browser is known by its quiz-session cookie,
 * stored only as a SHA-256 hash; `outcome` is the server's own evaluation at the last change. `customerId` is set
 * when the patient signs in with that cookie: from then on the consultation is theirs, and another person signing in
 * on the same device is given a fresh quiz session instead.
 */
export const consultations = pgTable(
  'consultations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionHash: text('session_hash').notNull(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    outcome: jsonb('outcome').$type<ConsultationOutcome>().notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    /**
     * Set in the transaction that creates an order from a cart these answers are linked to: from then on they are
     * that order's clinical record and never change; the browser's next answer starts a new consultation seeded
     * from them (one open consultation per session and questionnaire).
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('consultations_session_questionnaire').on(table.sessionHash, table.questionnaireId).where(sql`${table.closedAt} is null`),
    // Every quiz step reads the session's consultation, open or closed (the partial index above serves only open
    // ones): without this, each step scanned the whole table.
    index('consultations_session_lookup').on(table.sessionHash, table.questionnaireId),
  ],
);

/**
 * Answers a device sent with an Idempotency-Key (kept offline, sent when the connection returned), with the reply they
 * had: the same key again, from the same consultation, answers that reply and changes nothing, so a send whose reply
 * was lost never overwrites answers the patient changed since, nor completes a task twice.
 */
export const consultationAnswerSends = pgTable(
  'consultation_answer_sends',
  {
    /** The consultation's session: the hash of the browser's quiz session, or 'task:{id}' for a follow-up. */
    sessionKey: text('session_key').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    reply: jsonb('reply').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sessionKey, table.idempotencyKey] })],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventName: text('event_name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    sessionHash: text('session_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('analytics_events_name_created').on(table.eventName, table.createdAt)],
);

export const stockNotifications = pgTable(
  'stock_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    productCode: text('product_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('stock_notifications_email_product').on(table.email, table.productCode)],
);
