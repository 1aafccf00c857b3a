import { z } from 'zod';
import { deriveFacts } from './facts';
import { PRODUCT_CHOICE_SEPARATOR, splitProductChoice } from './question-types';
import { allQuestions, type Question, type Questionnaire } from './questionnaire';
import { isAnswered, judge, type RuleData } from './rules';
import { isUnderweight } from './signposting';

export const DEFAULT_REJECTION_TEXT =
  'Based on your answers there is no treatment suitable for you. If you think you have made an error in your responses, please click below to review your answers.';
export const REJECTION_WARNING =
  'Warning: Giving inaccurate information in a clinical consultation, could put your health at risk.';
export const REJECTION_HEADING = 'No recommended treatment';
export const ACCURACY_AGREEMENT = 'I agree only to provide accurate responses';
export const REVIEW_ANSWERS_BUTTON = 'REVIEW YOUR ANSWERS';
/** Tag of the question asking which weight-loss injection (and dose) the patient already takes. */
export const PRODUCT_CHOICE_TAG = 'hl_compliance_product_choice';

export const rejectionSchema = z.object({
  ruleId: z.string(),
  reason: z.string(),
  questionId: z.string(),
  /** 1-based position of that question in the whole questionnaire (the `question` query value). */
  questionIndex: z.number().int().positive(),
  /** The answers give a BMI under 18.5 (underweight): the screen points to eating-disorder support too. */
  underweight: z.boolean().default(false),
});
export type Rejection = z.infer<typeof rejectionSchema>;

export const consultationOutcomeSchema = z.object({
  facts: z.record(z.string(), z.number().nullable()),
  visibleQuestions: z.array(z.string()),
  missingQuestions: z.array(z.string()),
  complete: z.boolean(),
  rejection: rejectionSchema.nullable(),
  eligibleProducts: z.array(z.string()),
  ineligibleProducts: z.array(z.string()),
  recommendations: z.array(z.string()),
  preferredProduct: z.string().nullable(),
  preferredVariant: z.string().nullable(),
});
export type ConsultationOutcome = z.infer<typeof consultationOutcomeSchema>;

/**
 * The one clinical decision: which questions apply, whether an answer rules the patient out, and which
 * products they may be prescribed. Runs on the server for the decision and in the browser for instant
 * feedback. `today` is the UK calendar date (YYYY-MM-DD) the ages are computed on.
 */
export function evaluateConsultation(
  questionnaire: Pick<Questionnaire, 'steps' | 'rules'>,
  rawAnswers: Record<string, unknown>,
  today: string,
): ConsultationOutcome {
  const questions = allQuestions(questionnaire);
  const { answers, visible } = applicableAnswers(questions, rawAnswers, questionnaire.rules, today);
  const data: RuleData = { answers, facts: deriveFacts(questionnaire.rules, answers, today) };

  const missingQuestions = visible
    .filter((question) => !question.optional && !isAnswered(answers[question.id]))
    .map((question) => question.id);
  const complete = missingQuestions.length === 0;

  const visibleIds = new Set(visible.map((question) => question.id));
  const knockout = questionnaire.rules.knockouts.find(
    (rule) => visibleIds.has(rule.question) && judge(rule.when, data) === true,
  );

  const eligibleProducts: string[] = [];
  const ineligibleProducts: string[] = [];
  for (const product of questionnaire.rules.products) {
    const verdict = product.when === undefined ? true : judge(product.when, data);
    if (verdict === true && !knockout) eligibleProducts.push(product.code);
    else if (verdict === false || knockout || complete) ineligibleProducts.push(product.code);
  }

  let rejection: Rejection | null = null;
  const underweight = isUnderweight(data.facts.bmi);
  if (knockout) {
    rejection = rejectionAt(questions, knockout.id, knockout.reason ?? DEFAULT_REJECTION_TEXT, knockout.question, underweight);
  } else if (complete && eligibleProducts.length === 0) {
    rejection = rejectionAt(questions, 'no-suitable-treatment', DEFAULT_REJECTION_TEXT, questions[0]!.id, underweight);
  }

  const recommendations = complete && !rejection ? eligibleProducts : [];
  const preferred = preferredChoice(questions, answers, recommendations);
  return {
    facts: data.facts,
    visibleQuestions: [...visibleIds],
    missingQuestions,
    complete,
    rejection,
    eligibleProducts: rejection ? [] : eligibleProducts,
    ineligibleProducts,
    recommendations,
    preferredProduct: preferred.product,
    preferredVariant: preferred.variant,
  };
}

/**
 * Walks the questions in order; a question shows when its condition holds on the answers before it.
 * Answers to hidden questions are dropped so a changed answer cannot leave a stale one behind.
 */
function applicableAnswers(
  questions: Question[],
  rawAnswers: Record<string, unknown>,
  rules: Questionnaire['rules'],
  today: string,
): { answers: Record<string, unknown>; visible: Question[] } {
  const answers: Record<string, unknown> = {};
  const visible: Question[] = [];
  for (const question of questions) {
    if (question.showWhen !== undefined) {
      const data = { answers, facts: deriveFacts(rules, answers, today) };
      if (judge(question.showWhen, data) !== true) continue;
    }
    visible.push(question);
    if (isAnswered(rawAnswers[question.id])) answers[question.id] = rawAnswers[question.id];
  }
  return { answers, visible };
}

function rejectionAt(questions: Question[], ruleId: string, reason: string, questionId: string, underweight: boolean): Rejection {
  const index = questions.findIndex((question) => question.id === questionId);
  return { ruleId, reason, questionId, questionIndex: index < 0 ? 1 : index + 1, underweight };
}

function preferredChoice(
  questions: Question[],
  answers: Record<string, unknown>,
  recommendations: string[],
): { product: string | null; variant: string | null } {
  const question = questions.find((candidate) => candidate.tags.includes(PRODUCT_CHOICE_TAG));
  const value = question ? answers[question.id] : undefined;
  if (typeof value !== 'string' || !value.includes(PRODUCT_CHOICE_SEPARATOR)) return { product: null, variant: null };
  const { product, dose } = splitProductChoice(value);
  return recommendations.includes(product) ? { product, variant: dose } : { product: null, variant: null };
}

/** The 1-based step number that holds the question at this 1-based position in the whole list. */
export function stepNumberOfQuestion(questionnaire: Pick<Questionnaire, 'steps'>, questionIndex: number): number {
  let seen = 0;
  for (const [stepIndex, step] of questionnaire.steps.entries()) {
    seen += step.questions.length;
    if (questionIndex <= seen) return stepIndex + 1;
  }
  return 1;
}
