import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * A patient's answer to 'How did you hear about us?' (SPEC §3 Survey answer): one per patient, the customer id
 * being the key, so a repeated or concurrent submit finds the answer already there.
 */
export const acquisitionSurveyAnswers = pgTable('acquisition_survey_answers', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** Answer ids from ACQUISITION_SURVEY_OPTIONS in packages/domain. */
  selectedItems: jsonb('selected_items').$type<string[]>().notNull(),
  /** The 'Other' free text, kept only with 'Other'. */
  tellUsMore: text('tell_us_more'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
