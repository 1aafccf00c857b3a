import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { DATA_EXPORT_STATES } from '@elmwood/domain';
import { customers } from './customers';
import { staff } from './clinic';

/**
 * Copies of a patient's data (issue 37, UK GDPR Art. 15 and 20): asked for by the patient in their account, or by
 * the clinic for a subject access request (requested_by_staff_id). The zip is kept encrypted like uploads under
 * file_key until expires_at, then deleted (deleted_at) and the row kept as the record that it was given.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    requestedByStaffId: integer('requested_by_staff_id').references(() => staff.id),
    /** The patient's Idempotency-Key: a repeated request answers the one it made. */
    idempotencyKey: text('idempotency_key'),
    state: text('state', { enum: DATA_EXPORT_STATES }).notNull().default('preparing'),
    fileKey: text('file_key'),
    sizeBytes: integer('size_bytes'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    unique('data_exports_customer_key').on(table.customerId, table.idempotencyKey),
    index('data_exports_customer').on(table.customerId, table.requestedAt),
    index('data_exports_ready_expiry').on(table.state, table.expiresAt),
  ],
);
