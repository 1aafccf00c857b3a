import { jsonb, text, timestamp } from 'drizzle-orm/pg-core';

/** One applied lifecycle event: what moved the state, from where to where, who raised it and why. */
export const transitionColumns = () => ({
  event: text('event').notNull(),
  fromState: text('from_state').notNull(),
  toState: text('to_state').notNull(),
  /** patient, prescriber, pharmacist, support, admin, gateway or job. */
  actorType: text('actor_type').notNull(),
  /** The staff member's or patient's id; null for the gateway and jobs. */
  actorId: text('actor_id'),
  reason: text('reason'),
  data: jsonb('data').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
