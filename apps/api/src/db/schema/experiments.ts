// Which bucket of each running experiment a customer is in (assigned at sign-up).
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/** A customer's bucket in each running experiment: assigned once, deterministically, then kept. */
export const experimentAssignments = pgTable(
  'experiment_assignments',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    experiment: text('experiment').notNull(),
    bucket: text('bucket').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.experiment] })],
);
