import { boolean, index, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { staff } from './clinic';
import { customers, uploads } from './customers';

/**
 * A patient's conversation with the clinic (issue 19 contact and support): the subject they gave and whether the
 * last word is theirs (the clinic's inbox lists those). The patient's Idempotency-Key makes a repeated send find
 * the conversation it made instead of opening a second one.
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    awaitingClinic: boolean('awaiting_clinic').notNull().default(true),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('support_threads_customer_key').on(table.customerId, table.idempotencyKey),
    index('support_threads_customer').on(table.customerId, table.updatedAt),
    index('support_threads_inbox').on(table.awaitingClinic, table.updatedAt),
  ],
);

/** One message of a conversation: the patient's (staffId null) or a member of staff's reply. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id),
    body: text('body').notNull(),
    /** A photo the patient attached (an S upload of theirs, encrypted like every photo). */
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('support_messages_thread_key').on(table.threadId, table.idempotencyKey), index('support_messages_thread').on(table.threadId, table.id)],
);
