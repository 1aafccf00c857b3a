import { eq } from 'drizzle-orm';
import type { SurveyAnswer } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { acquisitionSurveyAnswers } from '../../db/schema/survey';

/**
 * 'How did you hear about us?' (SPEC §2 acquisition survey): one answer per patient. The customer id is the table's
 * key, so a repeated or concurrent submit keeps the first answer and reports that nothing new was stored.
 */
export function createSurveyService(db: Db) {
  return {
    async done(customerId: number): Promise<boolean> {
      const [row] = await db
        .select({ customerId: acquisitionSurveyAnswers.customerId })
        .from(acquisitionSurveyAnswers)
        .where(eq(acquisitionSurveyAnswers.customerId, customerId));
      return row !== undefined;
    },

    /** True when this answer was stored; false when the patient had answered already. */
    async answer(customerId: number, { heardFrom }: SurveyAnswer): Promise<boolean> {
      const rows = await db
        .insert(acquisitionSurveyAnswers)
        .values({ customerId, selectedItems: heardFrom.selectedItems, tellUsMore: heardFrom.tellUsMore })
        .onConflictDoNothing({ target: acquisitionSurveyAnswers.customerId })
        .returning({ customerId: acquisitionSurveyAnswers.customerId });
      return rows.length > 0;
    },
  };
}
export type SurveyService = ReturnType<typeof createSurveyService>;
