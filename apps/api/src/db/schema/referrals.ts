import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { orders } from './orders';

/**
 * A patient's referral credit as a ledger (issue 19): a 'credit' when a friend's first order is approved (one per
 * friend's order), a 'clawback' when refunds of that order take some of it back (one per friend's order, the total so
 * far), a 'debit' when an order of theirs spends it (one per order). The balance is read from it, leaving out debits
 * whose order never went ahead (failed, rejected, cancelled).
 */
export const referralLedger = pgTable(
  'referral_ledger',
  {
    id: serial('id').primaryKey(),
    /** The account the credit belongs to: the referrer. */
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** 'credit', 'clawback' or 'debit'. */
    entry: text('entry').notNull(),
    /** Pence, always positive. */
    amount: integer('amount').notNull(),
    /** The friend's approved order (credit, clawback) or the referrer's order that spent it (debit). */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('referral_ledger_entry_order').on(table.entry, table.orderId), index('referral_ledger_customer').on(table.customerId, table.createdAt)],
);
