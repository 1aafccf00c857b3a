import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GpLetterFacts } from '@elmwood/domain';
import { customers } from './customers';
import { orders } from './orders';
import { staff } from './clinic';

/**
 * Letters to patients' GPs (issue 33): one per prescribed medicine of an approved order that starts it or changes
 * its dose. What the letter says is fixed at the approval (facts); the PDF is kept encrypted like uploads (file_key),
 * and the GP's answer through the letter's signed link is kept once.
 */
export const gpLetters = pgTable(
  'gp_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    facts: jsonb('facts').$type<GpLetterFacts>().notNull(),
    /** Where the practice is emailed; null: the letter is printed and posted. */
    practiceEmail: text('practice_email'),
    /** writing (the PDF is being made) → emailed (handed to the outbox) or to_post → posted. */
    state: text('state', { enum: ['writing', 'emailed', 'to_post', 'posted'] }).notNull().default('writing'),
    fileKey: text('file_key'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postedByStaffId: integer('posted_by_staff_id').references(() => staff.id),
    answer: text('answer', { enum: ['no_concerns', 'concerns'] }),
    concern: text('concern'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('gp_letters_order_product').on(table.orderId, table.productCode), index('gp_letters_state').on(table.state)],
);
