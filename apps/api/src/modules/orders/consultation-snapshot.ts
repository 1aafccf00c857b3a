import { allQuestions, evaluateConsultation, type Questionnaire } from '@elmwood/domain';
import type { SnapshotQuestion } from '../../db/schema/clinic';
import { orderConsultations } from '../../db/schema/clinic';
import type { Queryable } from './repo';

export interface LinkedConsultationForOrder {
  consultationId: string;
  questionnaire: Questionnaire;
  answers: Record<string, unknown>;
}

/**
 * Copies each consultation the order rests on onto the order, inside the order's transaction: the answers, the
 * outcome as the rules judge them now (what the cart was checked against) and the texts of the questions shown
 * or answered, so that what the prescriber reviews is what the patient answered when ordering.
 */
export async function copyConsultationsOntoOrder(tx: Queryable, orderId: number, linked: readonly LinkedConsultationForOrder[], today: string): Promise<void> {
  if (linked.length === 0) return;
  await tx.insert(orderConsultations).values(
    linked.map(({ consultationId, questionnaire, answers }) => {
      const outcome = evaluateConsultation(questionnaire, answers, today);
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
