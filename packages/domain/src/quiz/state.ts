import { z } from 'zod';
import { recordIdSchema } from '../http/record-id';
import { rejectionSchema } from './consultation';
import { questionnaireSchema } from './questionnaire';

/** Reply of GET /shop-api/questionnaires/by-slug/{slug}: the questions and the rules the browser previews with. */
export const questionnaireReplySchema = questionnaireSchema;

/**
 * Body of PATCH /shop-api/medical-history-for-groups-by-slug/{slug}: answers grouped by step (question
 * group) id, then keyed by question id. A null answer clears it.
 */
export const answersByGroupSchema = z.record(z.string(), z.record(z.string(), z.unknown()));
export type AnswersByGroup = z.infer<typeof answersByGroupSchema>;

/** Body of PATCH /shop-api/medical-history-for-groups-by-ids: the same answers, flat, for one questionnaire. */
export const answersByIdsSchema = z.object({
  questionnaireId: recordIdSchema,
  answers: z.record(z.string(), z.unknown()),
});
export type AnswersByIds = z.infer<typeof answersByIdsSchema>;

/** The quiz state of SPEC §3, as the server decided it. */
export const quizStateSchema = z.object({
  consultationId: z.string(),
  questionnaireId: z.number().int(),
  slug: z.string(),
  answers: z.record(z.string(), z.unknown()),
  /** Question ids whose stored answer this request changed. */
  changedAnswers: z.array(z.string()),
  bmi: z.number().nullable(),
  /** Kilograms and centimetres, from the BMI question. */
  weight: z.number().nullable(),
  height: z.number().nullable(),
  eligibleProducts: z.array(z.string()),
  ineligibleProducts: z.array(z.string()),
  /** Empty unless the request asked for recommendations (allowRecommendations=1) and the consultation is complete. */
  recommendations: z.array(z.string()),
  preferredProduct: z.string().nullable(),
  preferredVariant: z.string().nullable(),
  rejection: rejectionSchema.nullable(),
  /** Products the consultation limits to some doses (a new patient: the starting dose only), as variant codes. */
  allowedVariants: z.record(z.string(), z.array(z.string())).default({}),
  flags: z.object({ complete: z.boolean(), rejected: z.boolean() }),
  /** Old product codes mapped to the codes they are sold under now. */
  aliasMapping: z.record(z.string(), z.string()),
});
export type QuizState = z.infer<typeof quizStateSchema>;

export const QUESTIONNAIRE_STEP_SUBMITTED = 'Questionnaire Step Submitted';

/** Body of POST /shop-api/analytics-events. */
export const analyticsEventSchema = z.object({
  eventName: z.string().min(1).max(100),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** Quiz taxons send type 'unsure'; any other page 'add to cart' (SPEC §7). */
export function stepSubmittedType(taxon: string, quizTaxons: readonly string[]): 'unsure' | 'add to cart' {
  return quizTaxons.includes(taxon) ? 'unsure' : 'add to cart';
}
