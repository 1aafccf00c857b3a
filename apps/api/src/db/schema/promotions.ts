import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Promotion } from '@elmwood/domain';

/** The clinic's promotions (seeded data); coupon-based ones are found by the code a patient enters. */
export const promotions = pgTable('promotions', {
  code: text('code').primaryKey(),
  /** Upper-cased; null for a promotion applied without a code. */
  couponCode: text('coupon_code').unique(),
  definition: jsonb('definition').$type<Promotion>().notNull(),
  active: boolean('active').notNull().default(true),
});
