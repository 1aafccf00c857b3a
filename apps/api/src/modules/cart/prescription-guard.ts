import { CART_ERROR, evaluateConsultation, type Questionnaire } from '@elmwood/domain';

export const CONSULTATION_REQUIRED_MESSAGE = 'Please complete the online consultation before adding this treatment.';
export const NOT_ELIGIBLE_MESSAGE = 'Based on your consultation this treatment is not suitable for you.';

export interface ConsultationAnswers {
  questionnaire: Questionnaire;
  answers: Record<string, unknown>;
}

export type PrescriptionVerdict =
  | { allowed: true }
  | { allowed: false; code: typeof CART_ERROR.consultationRequired | typeof CART_ERROR.notEligible; message: string };

/**
 * May this prescription-only product go in the cart? Only when one of the consultations linked to the cart, run
 * again now on its stored answers under the current rules (never its stored outcome), is complete, rejects
 * nothing and lists the product as eligible. No consultation that covers the product, or only an unfinished one,
 * means the consultation is still required; a finished or rejected one that does not allow it means not eligible.
 */
export function prescriptionVerdict(productCode: string, linked: readonly ConsultationAnswers[], today: string): PrescriptionVerdict {
  const relevant = linked.filter(({ questionnaire }) => questionnaire.rules.products.some((rule) => rule.code === productCode));
  const outcomes = relevant.map(({ questionnaire, answers }) => evaluateConsultation(questionnaire, answers, today));
  if (outcomes.some((outcome) => outcome.complete && !outcome.rejection && outcome.eligibleProducts.includes(productCode))) {
    return { allowed: true };
  }
  if (outcomes.some((outcome) => outcome.complete || outcome.rejection)) {
    return { allowed: false, code: CART_ERROR.notEligible, message: NOT_ELIGIBLE_MESSAGE };
  }
  return { allowed: false, code: CART_ERROR.consultationRequired, message: CONSULTATION_REQUIRED_MESSAGE };
}
