import { boolean, index, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { staff } from './clinic';
import { customers, uploads } from './customers';
import { orderEvents, orders } from './orders';

/**
 * The conversation on an order between the patient and their prescriber (issue 33): free messages either way, the
 * prescriber's formal questions ('request information', with their order event) and the patient's answers. Kept with
 * the order as part of its clinical record; a patient's key makes a repeated send find the message it made.
 */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The member of staff who wrote it; null: the patient did. */
    staffId: integer('staff_id').references(() => staff.id),
    kind: text('kind', { enum: ['message', 'question', 'answer'] }).notNull().default('message'),
    body: text('body').notNull(),
    /** A question that asked for a photo. */
    photoRequested: boolean('photo_requested').notNull().default(false),
    /** The photo sent with an answer (an upload of category Q). */
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** A question's information_requested event. */
    questionEventId: integer('question_event_id').references(() => orderEvents.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('order_messages_order_key').on(table.orderId, table.idempotencyKey), index('order_messages_order').on(table.orderId, table.id), index('order_messages_customer').on(table.customerId)],
);
