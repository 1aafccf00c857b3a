import type { Db } from '../../db/client';
import { questionnaires } from '../../db/schema/index';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;

/** Every questionnaire: there are a handful, and the cache holds them all. */
export async function findAllQuestionnaires(db: Db): Promise<QuestionnaireRow[]> {
  return db.select().from(questionnaires);
}
