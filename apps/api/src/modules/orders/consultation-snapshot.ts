import { eq } from 'drizzle-orm';
import { allQuestions, evaluateConsultation, type Questionnaire, type TriggeredRule } from '@elmwood/domain';
import type { SnapshotQuestion } from '../../db/schema/clinic';
import { orderConsultations } from '../../db/schema/clinic';
import { customers } from '../../db/schema/customers';
import type { Queryable } from './repo';

export interface LinkedConsultationForOrder {
  consultationId: string;
  questionnaire: Questionnaire;
  answers: Record<string, unknown>;
  /** Rules judged outside the questionnaire's own (a check-in's assessCheckIn), kept with its outcome. */
  judgedRules?: readonly TriggeredRule[];
}

/** GPhC distance-selling guidance: the prescriber must be sure who the patient is; two different dates of birth say otherwise. */
export const DATE_OF_BIRTH_MISMATCH_RULE = {
  ruleId: 'date-of-birth-mismatch',
  source: 'GPhC guidance for registered pharmacies providing pharmacy services at a distance, including on the internet (identity checks)',
  rationale:
    'The date of birth given in the consultation differs from the one on the account: the age rules may have been judged on the wrong date, or the consultation may be for someone else. Confirm identity (photo ID) before prescribing.',
} as const;

/** The consultation's date-of-birth answer: the answer its age fact reads. */
function consultationBirthday(questionnaire: Questionnaire, answers: Record<string, unknown>): { questionId: string; value: string } | null {
  const fact = Object.values(questionnaire.rules.facts).find((candidate) => candidate.kind === 'age');
  const value = fact ? answers[fact.question] : undefined;
  return fact && typeof value === 'string' ? { questionId: fact.question, value } : null;
}

/** Flags a consultation whose date of birth is not the account's (no flag when the account has none yet). */
export function dateOfBirthCheck(questionnaire: Questionnaire, answers: Record<string, unknown>, accountBirthday: string | null): TriggeredRule | null {
  const given = consultationBirthday(questionnaire, answers);
  if (!given || !accountBirthday || given.value === accountBirthday) return null;
  return {
    ...DATE_OF_BIRTH_MISMATCH_RULE,
    kind: 'identity',
    level: 'review',
    summary: `Date of birth in the consultation (${given.value}) differs from the account’s (${accountBirthday})`,
    questionIds: [given.questionId],
    productCode: null,
  };
}

/**
 * Copies each consultation the order rests on onto the order, inside the order's transaction: the answers, the
 * outcome as the rules judge them now (what the cart was checked against) with every rule that held and its source,
 * and the texts of the questions shown or answered, so that what the prescriber reviews is what the patient
 * answered when ordering. A date of birth that differs from the account's is flagged on the outcome (the account's
 * `accountBirthday` when the caller has just read it, else read here).
 */
export async function copyConsultationsOntoOrder(
  tx: Queryable,
  orderId: number,
  customerId: number,
  linked: readonly LinkedConsultationForOrder[],
  today: string,
  accountBirthday?: string | null,
): Promise<void> {
  if (linked.length === 0) return;
  const account =
    accountBirthday === undefined ? (await tx.select({ birthday: customers.birthday }).from(customers).where(eq(customers.id, customerId)))[0] : { birthday: accountBirthday };
  await tx.insert(orderConsultations).values(
    linked.map(({ consultationId, questionnaire, answers, judgedRules = [] }) => {
      const evaluated = evaluateConsultation(questionnaire, answers, today);
      const mismatch = dateOfBirthCheck(questionnaire, answers, account?.birthday ?? null);
      const outcome = { ...evaluated, triggeredRules: [...evaluated.triggeredRules, ...judgedRules, ...(mismatch ? [mismatch] : [])] };
      const shown = new Set([...outcome.visibleQuestions, ...Object.keys(answers)]);
      const questions: SnapshotQuestion[] = allQuestions(questionnaire)
        .filter((question) => shown.has(question.id))
        .map((question) => ({
          id: question.id,
          type: question.type,
          question: question.question,
          options: question.answers.map((option) => ({ value: option.value, text: option.text })),
        }));
      return {
        orderId,
        consultationId,
        questionnaireId: questionnaire.questionnaireId,
        questionnaireSlug: questionnaire.slug,
        questionnaireTitle: questionnaire.title,
        questions,
        answers,
        outcome,
      };
    }),
  );
}
