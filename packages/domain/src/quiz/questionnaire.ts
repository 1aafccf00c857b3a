import { z } from 'zod';

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

export const FACT_KINDS = ['bmi', 'weightKg', 'heightCm', 'age'] as const;
export const factSchema = z.object({ question: z.string(), kind: z.enum(FACT_KINDS) });

export const knockoutSchema = z.object({
  id: z.string(),
  /** Rejects the consultation when this holds. */
  when: jsonLogicSchema,
  /** Replaces the default rejection text. */
  reason: z.string().optional(),
  /** The question 'REVIEW YOUR ANSWERS' returns to. */
  question: z.string(),
});
export type KnockoutRule = z.infer<typeof knockoutSchema>;

export const productRuleSchema = z.object({
  code: z.string(),
  /** The patient may be prescribed this product only when this holds; absent means always. */
  when: jsonLogicSchema.optional(),
});
export type ProductRule = z.infer<typeof productRuleSchema>;

export const questionnaireRulesSchema = z.object({
  facts: z.record(z.string(), factSchema).default({}),
  knockouts: z.array(knockoutSchema).default([]),
  /** In order of recommendation. */
  products: z.array(productRuleSchema).min(1),
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
