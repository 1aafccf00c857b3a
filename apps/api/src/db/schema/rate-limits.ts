import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts counted per key in fixed windows, shared by every API process (ARCHITECTURE.md: no process holds
 * state another needs). Keys name an email address or a network address, so only their keyed hash is kept.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    /** Which limit counts here, e.g. 'sign-in-address'. */
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.keyHash, table.windowStart] }),
    index('rate_limit_windows_scope_window_start_idx').on(table.scope, table.windowStart),
  ],
);
