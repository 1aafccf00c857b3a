import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TriggeredRule } from '@elmwood/domain';
import { customers } from './customers';
import { staff } from './clinic';

/**
 * The urgent clinical queue (issue 32): what a clinician must act on for a patient, one open item per patient (the
 * partial unique index), however many check-ins or plans raised it at once. Closed items stay as the record.
 */
export const urgentClinicalItems = pgTable(
  'urgent_clinical_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The check-in consultations that raised it, oldest first. */
    consultationIds: jsonb('consultation_ids').$type<string[]>().notNull(),
    /** The rules that held, with their sources, as judged then. */
    rules: jsonb('rules').$type<TriggeredRule[]>().notNull(),
    /** The answers in words, as the patient gave them ({question, answer}). */
    answers: jsonb('answers').$type<{ question: string; answer: string }[]>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    ownerStaffId: integer('owner_staff_id').references(() => staff.id),
    ownedAt: timestamp('owned_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByStaffId: integer('closed_by_staff_id').references(() => staff.id),
    closeNote: text('close_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('urgent_clinical_items_one_open').on(table.customerId).where(sql`${table.closedAt} is null`),
    index('urgent_clinical_items_open_due').on(table.dueAt).where(sql`${table.closedAt} is null`),
  ],
);

/** What was done about an item (called, advised, restarted, ended), by whom, with the note. Rows are only added. */
export const urgentClinicalActions = pgTable(
  'urgent_clinical_actions',
  {
    id: serial('id').primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => urgentClinicalItems.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    action: text('action').notNull(),
    note: text('note').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('urgent_clinical_actions_item').on(table.itemId, table.id)],
);
