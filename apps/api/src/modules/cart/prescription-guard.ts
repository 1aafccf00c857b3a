import { CART_ERROR, evaluateConsultation, needsConsultation, type Questionnaire } from '@elmwood/domain';

export const CONSULTATION_REQUIRED_MESSAGE = 'Please complete the online consultation before adding this treatment.';
export const NOT_ELIGIBLE_MESSAGE = 'Based on your consultation this treatment is not suitable for you.';
export const DOSE_NOT_ALLOWED_MESSAGE =
  'This dose cannot be prescribed from your consultation. Patients new to a medicine start on the lowest dose, and a dose only goes up after a check-in and a prescriber’s approval. Please choose the dose offered to you.';

export interface ConsultationAnswers {
  questionnaire: Questionnaire;
  answers: Record<string, unknown>;
}

export type PrescriptionVerdict =
  | { allowed: true }
  | {
      allowed: false;
      code: typeof CART_ERROR.consultationRequired | typeof CART_ERROR.notEligible | typeof CART_ERROR.doseNotAllowed;
      message: string;
      /** For a refused dose: the doses the consultation allows. */
      allowedVariants?: string[];
    };

/**
 * May this product (one that needs a consultation, or one a linked consultation lists) go in the cart? Only when one of the consultations linked to the cart, run
 * again now on its stored answers under the current rules (never its stored outcome), is complete, rejects
 * nothing and lists the product as eligible, at a dose it allows. No consultation that covers the product, or only an unfinished one,
 * means the consultation is still required; a finished or rejected one that does not allow it means not eligible.
 */
export function prescriptionVerdict(productCode: string, variantCode: string, linked: readonly ConsultationAnswers[], today: string): PrescriptionVerdict {
  const relevant = linked.filter(({ questionnaire }) => questionnaire.rules.products.some((rule) => rule.code === productCode));
  const outcomes = relevant.map(({ questionnaire, answers }) => evaluateConsultation(questionnaire, answers, today));
  const allowing = outcomes.filter((outcome) => outcome.complete && !outcome.rejection && outcome.eligibleProducts.includes(productCode));
  // The dose lock: a consultation that limits the product's doses (a new patient: the starting dose) must allow this one.
  if (allowing.some((outcome) => outcome.allowedVariants[productCode]?.includes(variantCode) ?? true)) return { allowed: true };
  if (allowing.length > 0) {
    const allowedVariants = [...new Set(allowing.flatMap((outcome) => outcome.allowedVariants[productCode] ?? []))];
    return { allowed: false, code: CART_ERROR.doseNotAllowed, message: DOSE_NOT_ALLOWED_MESSAGE, allowedVariants };
  }
  if (outcomes.some((outcome) => outcome.complete || outcome.rejection)) {
    return { allowed: false, code: CART_ERROR.notEligible, message: NOT_ELIGIBLE_MESSAGE };
  }
  return { allowed: false, code: CART_ERROR.consultationRequired, message: CONSULTATION_REQUIRED_MESSAGE };
}

/**
 * Whether the consultation decides on this product: always for one that needs a consultation first (a
 * prescription-only medicine, or a pharmacy medicine such as minoxidil: the domain's rule, which the product page
 * follows too); for anything else, when a linked consultation lists it, so that its restrictions hold for that
 * patient too.
 */
export function judgedByConsultation(product: { code: string; isPrescriptionOnly: boolean }, linked: readonly ConsultationAnswers[]): boolean {
  return needsConsultation(product) || linked.some(({ questionnaire }) => questionnaire.rules.products.some((rule) => rule.code === product.code));
}
