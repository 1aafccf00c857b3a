import { z } from 'zod';
import { CLINICAL_POLICY, clinicalPolicySchema, type ClinicalPolicy } from '../clinical/policy';
import { triggeredRuleSchema, type TriggeredRule } from '../clinical/sourced';
import { statesCurrentTreatment, titratedDoses, titrationRule } from '../clinical/titration';
import { deriveFacts } from './facts';
import { PRODUCT_CHOICE_SEPARATOR, splitProductChoice } from './question-types';
import { allQuestions, type Question, type Questionnaire, type QuestionnaireRules } from './questionnaire';
import { isAnswered, judge, ruleInputs, type RuleData } from './rules';
import { isUnderweight } from './underweight';

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
  /** Every rule that held, with its source: what the prescriber sees beside the answers, kept on the order. */
  triggeredRules: z.array(triggeredRuleSchema).default([]),
  /** Products limited to some doses (variant codes); a product not listed may be bought at any dose. */
  allowedVariants: z.record(z.string(), z.array(z.string())).default({}),
  /** Answers refused because of the others (a goal weight above today's weight); the consultation is not complete. */
  invalidAnswers: z.array(z.object({ questionId: z.string(), ruleId: z.string(), message: z.string() })).default([]),
  /** The patient continues a treatment prescribed elsewhere: the order asks for a photo of that prescription. */
  prescriptionProofRequired: z.boolean().default(false),
  /** The clinic policy the rules were judged under, kept with the outcome (and so on the order). */
  policy: clinicalPolicySchema.optional(),
});
export type ConsultationOutcome = z.infer<typeof consultationOutcomeSchema>;

/**
 * The one clinical decision: which questions apply, whether an answer rules the patient out, which products
 * (at which doses) they may be prescribed, and which rules the prescriber must see. Runs on the server for the
 * decision and in the browser for instant feedback. `today` is the UK calendar date (YYYY-MM-DD) the ages are
 * computed on; `policy` is the clinic's (the one in force unless a test passes another).
 */
export function evaluateConsultation(
  questionnaire: Pick<Questionnaire, 'steps' | 'rules'>,
  rawAnswers: Record<string, unknown>,
  today: string,
  policy: ClinicalPolicy = CLINICAL_POLICY,
): ConsultationOutcome {
  const rules = withRuleDefaults(questionnaire.rules);
  const questions = allQuestions(questionnaire);
  const { answers, visible } = applicableAnswers(questions, rawAnswers, rules, today, policy);
  const data: RuleData = { answers, facts: deriveFacts(rules, answers, today), policy };
  const visibleIds = new Set(visible.map((question) => question.id));
  const triggered: TriggeredRule[] = [];

  const invalidAnswers = rules.answerChecks
    .filter((check) => visibleIds.has(check.question) && judge(check.when, data) === true)
    .map((check) => {
      triggered.push(fired(check, 'answer', 'review', check.message, [check.question], null));
      return { questionId: check.question, ruleId: check.id, message: check.message };
    });
  const missingQuestions = visible
    .filter((question) => !question.optional && !isAnswered(answers[question.id]))
    .map((question) => question.id);
  const complete = missingQuestions.length === 0 && invalidAnswers.length === 0;

  const knockout = rules.knockouts.find((rule) => visibleIds.has(rule.question) && judge(rule.when, data) === true);
  if (knockout) triggered.push(fired(knockout, 'knockout', 'knockout', knockout.reason ?? DEFAULT_REJECTION_TEXT, [knockout.question], null));

  const allowedVariants = doseLimits(rules, data, policy, triggered);
  const eligibleProducts: string[] = [];
  const ineligibleProducts: string[] = [];
  // A product may have several restrictions, each with its own source: it is offered only when all of them allow it.
  for (const code of new Set(rules.products.map((product) => product.code))) {
    const verdicts = rules.products
      .filter((product) => product.code === code)
      .map((product, index) => {
        const verdict = product.when === undefined ? true : judge(product.when, data);
        if (verdict === false && product.source && product.rationale) {
          const id = `${code.toLowerCase()}-withheld${index === 0 ? '' : `-${index + 1}`}`;
          triggered.push(fired({ id, source: product.source, rationale: product.rationale }, 'product', 'restriction', product.summary ?? `${code} withheld`, inputsOf(product.when!, rules), code));
        }
        return verdict;
      });
    const verdict = verdicts.includes(false) ? false : verdicts.every((each) => each === true) ? true : null;
    const noDose = allowedVariants[code]?.length === 0;
    if (verdict === true && !knockout && !noDose) eligibleProducts.push(code);
    else if (verdict === false || noDose || knockout || complete) ineligibleProducts.push(code);
  }

  for (const flag of rules.flags) {
    if (!visibleIds.has(flag.question) || judge(flag.when, data) !== true) continue;
    if (flag.product && !eligibleProducts.includes(flag.product)) continue;
    triggered.push(fired(flag, 'flag', flag.level, flag.summary, [flag.question], flag.product ?? null));
  }

  let rejection: Rejection | null = null;
  const underweight = isUnderweight(data.facts.bmi);
  if (knockout) {
    rejection = rejectionAt(questions, knockout.id, knockout.reason ?? DEFAULT_REJECTION_TEXT, knockout.question, underweight);
  } else if (complete && eligibleProducts.length === 0) {
    rejection = rejectionAt(questions, 'no-suitable-treatment', DEFAULT_REJECTION_TEXT, questions[0]!.id, underweight);
  }

  const recommendations = complete && !rejection ? eligibleProducts : [];
  const preferred = preferredChoice(questions, answers, recommendations, allowedVariants);
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
    triggeredRules: triggered,
    allowedVariants,
    invalidAnswers,
    prescriptionProofRequired: rules.titration !== undefined && statesCurrentTreatment(rules.titration, answers),
    policy,
  };
}

/**
 * A questionnaire as stored or sent before flags, dose rules and answer checks existed (a browser's cached copy, a
 * row seeded by an older release) has none of them: it is judged as having none.
 */
function withRuleDefaults(rules: Partial<QuestionnaireRules> & Pick<QuestionnaireRules, 'products'>): QuestionnaireRules {
  return { facts: {}, knockouts: [], flags: [], doses: [], answerChecks: [], ...rules };
}

function fired(
  rule: { id: string; source: string; rationale: string },
  kind: TriggeredRule['kind'],
  level: TriggeredRule['level'],
  summary: string,
  questionIds: string[],
  productCode: string | null,
): TriggeredRule {
  return { ruleId: rule.id, kind, level, summary, questionIds, productCode, source: rule.source, rationale: rule.rationale };
}

/** The questions a rule reads: its answers, and the questions its facts come from. */
function inputsOf(rule: Parameters<typeof ruleInputs>[0], rules: Pick<QuestionnaireRules, 'facts'>): string[] {
  const inputs = ruleInputs(rule);
  return [...new Set([...inputs.answers, ...inputs.facts.map((fact) => rules.facts[fact]?.question ?? fact)])];
}

/**
 * The doses each limited product may be bought at: the titration's decision, narrowed by every dose rule that
 * holds (an empty list means no dose is safe, and the product is not offered).
 */
function doseLimits(rules: QuestionnaireRules, data: RuleData, policy: ClinicalPolicy, triggered: TriggeredRule[]): Record<string, string[]> {
  const limits: Record<string, string[]> = {};
  const narrow = (product: string, variants: readonly string[]) => {
    limits[product] = limits[product] ? limits[product].filter((code) => variants.includes(code)) : [...variants];
  };
  if (rules.titration) {
    const days = data.facts[rules.titration.daysSinceLastDoseFact] ?? null;
    for (const decision of titratedDoses(rules.titration, data.answers, days, policy)) {
      narrow(decision.product, [decision.variant]);
      triggered.push(titrationRule(rules.titration, decision, policy));
    }
  }
  for (const rule of rules.doses) {
    if (judge(rule.when, data) !== true) continue;
    narrow(rule.product, rule.variants);
    triggered.push(fired(rule, 'dose', 'restriction', rule.summary, inputsOf(rule.when, rules), rule.product));
  }
  return limits;
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
  policy: ClinicalPolicy,
): { answers: Record<string, unknown>; visible: Question[] } {
  const answers: Record<string, unknown> = {};
  const visible: Question[] = [];
  for (const question of questions) {
    if (question.showWhen !== undefined) {
      const data = { answers, facts: deriveFacts(rules, answers, today), policy };
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
  allowedVariants: Record<string, string[]>,
): { product: string | null; variant: string | null } {
  const question = questions.find((candidate) => candidate.tags.includes(PRODUCT_CHOICE_TAG));
  const value = question ? answers[question.id] : undefined;
  if (typeof value !== 'string' || !value.includes(PRODUCT_CHOICE_SEPARATOR)) return { product: null, variant: null };
  const { product, dose } = splitProductChoice(value);
  if (!recommendations.includes(product)) return { product: null, variant: null };
  // A dose the rules do not allow (a step down after a missed-dose gap) gives way to the one they do.
  const allowed = allowedVariants[product];
  return { product, variant: allowed && (dose === null || !allowed.includes(dose)) ? (allowed[0] ?? null) : dose };
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
