import { sql } from 'drizzle-orm';
import { questionnaireSchema, type QuestionnaireInput } from '@elmwood/domain';
import type { Db } from '../db/client';
import { questionnaires } from '../db/schema/index';
import { erectileDysfunctionQuestionnaire } from './data/questionnaires/erectile-dysfunction';
import { hairLossQuestionnaire } from './data/questionnaires/hair-loss';
import { weightLossCheckInQuestionnaire } from './data/questionnaires/weight-loss-check-in';
import { weightLossQuestionnaire } from './data/questionnaires/weight-loss';

/** The consultations the shop offers, in questionnaireId order. */
export const demoQuestionnaires: readonly QuestionnaireInput[] = [
  weightLossQuestionnaire,
  erectileDysfunctionQuestionnaire,
  hairLossQuestionnaire,
];

/** Follow-up questionnaires, answered from a task in the account (never a route to treatment). */
export const followUpQuestionnaires: readonly QuestionnaireInput[] = [weightLossCheckInQuestionnaire];

/**
 * Upserts each questionnaire by id. Every one is validated first, so a malformed rule stops the start rather
 * than a patient's consultation. A row whose content is unchanged is left alone (updated_at keeps its value);
 * edited questions or rules replace the stored ones, so content updates reach running shops on the next start.
 */
export async function seedQuestionnaires(db: Db, list: readonly QuestionnaireInput[] = demoQuestionnaires): Promise<void> {
  const rows = list.map((input) => {
    const questionnaire = questionnaireSchema.parse(input);
    return {
      id: questionnaire.questionnaireId,
      slug: questionnaire.slug,
      title: questionnaire.title,
      taxon: questionnaire.taxon,
      // A consultation's definition stays as it was; only a follow-up says what it is.
      definition: { steps: questionnaire.steps, rules: questionnaire.rules, ...(questionnaire.kind === 'follow-up' ? { kind: questionnaire.kind } : {}) },
    };
  });
  if (rows.length === 0) return;
  await db
    .insert(questionnaires)
    .values(rows)
    .onConflictDoUpdate({
      target: questionnaires.id,
      set: {
        slug: sql`excluded.slug`,
        title: sql`excluded.title`,
        taxon: sql`excluded.taxon`,
        definition: sql`excluded.definition`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${questionnaires.slug}, ${questionnaires.title}, ${questionnaires.taxon}, ${questionnaires.definition})
        is distinct from (excluded.slug, excluded.title, excluded.taxon, excluded.definition)`,
    });
}
