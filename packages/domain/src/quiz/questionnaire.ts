import { z } from 'zod';
import { RULE_LEVELS, sourcedSchema } from '../clinical/sourced';

/** A JSON Logic expression (jsonlogic.com), stored as data beside the questions. */
export const jsonLogicSchema: z.ZodType<JsonLogic> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonLogicSchema), z.record(z.string(), jsonLogicSchema)]),
);
export type JsonLogic = string | number | boolean | null | JsonLogic[] | { [operator: string]: JsonLogic };

export const answerOptionSchema = z.object({
  value: z.string(),
  text: z.string(),
  note: z.string().optional(),
  observation: z.string().optional(),
  /** imageChoice / imageselect: a picture of the option. */
  image: z.string().optional(),
  /** Multichoice: ticking this clears every other option ('None of these'). */
  exclusive: z.boolean().optional(),
});
export type AnswerOption = z.infer<typeof answerOptionSchema>;

const infoDetailSchema = z.object({ icon: z.string().optional(), text: z.string(), type: z.string().optional() });

export const questionSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]+$/),
  type: z.string(),
  question: z.string().describe('May hold markup; rendered sanitised'),
  note: z.string().optional(),
  over_note: z.string().optional(),
  answers: z.array(answerOptionSchema).default([]),
  tags: z.array(z.string()).default([]),
  defaultAnswer: z.unknown().optional(),
  question_info_details: z.object({ topInfo: infoDetailSchema.optional(), bottomInfo: infoDetailSchema.optional() }).optional(),
  /** Optional questions may be left empty. */
  optional: z.boolean().optional(),
  /** Shown (and required) only when this holds for the answers so far. */
  showWhen: jsonLogicSchema.optional(),
  /** Hint inside a text or date input. */
  placeholder: z.string().optional(),
});
export type Question = z.infer<typeof questionSchema>;

export const stepSchema = z.object({
  id: z.string(),
  name: z.string(),
  questions: z.array(questionSchema).min(1),
});
export type QuizStep = z.infer<typeof stepSchema>;

/** daysSince: whole days from a date answer to today (negative for a date still to come). */
export const FACT_KINDS = ['bmi', 'weightKg', 'heightCm', 'age', 'daysSince'] as const;
export const factSchema = z.object({ question: z.string(), kind: z.enum(FACT_KINDS) });

export const knockoutSchema = sourcedSchema.extend({
  id: z.string(),
  /** Rejects the consultation when this holds. */
  when: jsonLogicSchema,
  /** Replaces the default rejection text. */
  reason: z.string().optional(),
  /** The question 'REVIEW YOUR ANSWERS' returns to. */
  question: z.string(),
});
export type KnockoutRule = z.infer<typeof knockoutSchema>;

export const productRuleSchema = z
  .object({
    code: z.string(),
    /** The patient may be prescribed this product only when this holds; absent means always. */
    when: jsonLogicSchema.optional(),
    /** For the prescriber, when the product is withheld: 'Tadalafil withheld: takes an alpha-blocker'. */
    summary: z.string().optional(),
    source: z.string().trim().min(1).optional(),
    rationale: z.string().trim().min(1).optional(),
  })
  .refine((rule) => rule.when === undefined || (rule.source && rule.rationale && rule.summary), {
    message: 'A product restriction needs a summary, a source and a rationale',
  });
export type ProductRule = z.infer<typeof productRuleSchema>;

/** Does not reject: tells the prescriber something they must weigh (or the patient has acknowledged). */
export const flagRuleSchema = sourcedSchema.extend({
  id: z.string(),
  when: jsonLogicSchema,
  /** The answer beside which the prescriber sees it. */
  question: z.string(),
  level: z.enum(RULE_LEVELS).exclude(['knockout', 'restriction']),
  summary: z.string(),
  /** Only orders of this product need it (a semaglutide-only warning); absent: every product. */
  product: z.string().optional(),
});
export type FlagRule = z.infer<typeof flagRuleSchema>;

/** While it holds, the product may be bought only at these doses (variant codes). */
export const doseRuleSchema = sourcedSchema.extend({
  id: z.string(),
  product: z.string(),
  when: jsonLogicSchema,
  variants: z.array(z.string()).min(1),
  summary: z.string(),
});
export type DoseRule = z.infer<typeof doseRuleSchema>;

/** An answer that cannot be right given the others (a goal weight above today's weight): refused with `message`. */
export const answerCheckRuleSchema = sourcedSchema.extend({
  id: z.string(),
  question: z.string(),
  /** The answer is refused when this holds. */
  when: jsonLogicSchema,
  message: z.string(),
});
export type AnswerCheckRule = z.infer<typeof answerCheckRuleSchema>;

/**
 * Titrated medicines (the weight-loss injections): a patient new to a product starts on its first step; one who
 * takes it already continues at the dose they state, one step lower after a missed-dose gap, or from the start
 * after a long one (the gaps are clinical policy). Increases come only from a check-in and a prescriber.
 */
export const titrationSchema = z.object({
  /** Product-choice question: 'none', or 'PRODUCT|||VARIANT' for the dose taken now. */
  currentDoseQuestion: z.string(),
  /** Date question: the last dose taken. */
  lastDoseQuestion: z.string(),
  /** The fact holding the days since that last dose. */
  daysSinceLastDoseFact: z.string(),
  ladders: z.array(sourcedSchema.extend({ product: z.string(), name: z.string(), steps: z.array(z.object({ code: z.string(), dose: z.string() })).min(1) })),
  rules: z.object({
    startingDose: sourcedSchema,
    continueCurrentDose: sourcedSchema,
    missedDoseStepDown: sourcedSchema,
    missedDoseRestart: sourcedSchema,
  }),
});
export type Titration = z.infer<typeof titrationSchema>;

export const questionnaireRulesSchema = z.object({
  facts: z.record(z.string(), factSchema).default({}),
  knockouts: z.array(knockoutSchema).default([]),
  /** In order of recommendation. */
  products: z.array(productRuleSchema).min(1),
  flags: z.array(flagRuleSchema).default([]),
  doses: z.array(doseRuleSchema).default([]),
  answerChecks: z.array(answerCheckRuleSchema).default([]),
  titration: titrationSchema.optional(),
});
export type QuestionnaireRules = z.infer<typeof questionnaireRulesSchema>;

export const questionnaireSchema = z.object({
  questionnaireId: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** The shop category (taxon) this consultation leads to. */
  taxon: z.string(),
  steps: z.array(stepSchema).min(1),
  rules: questionnaireRulesSchema,
  /**
   * A consultation leads to treatment; a follow-up (a check-in before a renewal) is answered only from a task in
   * the patient's account, its answers kept against that task.
   */
  kind: z.enum(['consultation', 'follow-up']).default('consultation'),
  hasAnswered: z.boolean().default(false),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;
export type QuestionnaireInput = z.input<typeof questionnaireSchema>;

export function allQuestions(questionnaire: Pick<Questionnaire, 'steps'>): Question[] {
  return questionnaire.steps.flatMap((step) => step.questions);
}
