import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uploads } from './customers';
import { orderEvents, orders } from './orders';

/**
 * A patient's answer to a prescriber's question ('request information'): the words, the photo asked for, or both.
 * One per question (its information_requested event), kept as given: the review shows every question with its answer.
 */
export const informationAnswers = pgTable(
  'information_answers',
  {
    id: serial('id').primaryKey(),
    questionEventId: integer('question_event_id')
      .notNull()
      .unique()
      .references(() => orderEvents.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    text: text('text'),
    /** The photo asked for: an upload of category Q, read by clinicians through the audited photo viewer. */
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('information_answers_order').on(table.orderId)],
);
