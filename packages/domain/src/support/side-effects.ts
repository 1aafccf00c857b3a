import { z } from 'zod';
import type { TriggeredRule } from '../clinical/sourced';
import { supportBodySchema, supportThreadSchema } from './support';

/** How bad a side effect is, in the patient's words; 'severe' reaches a clinician through the urgent clinical queue. */
export const SIDE_EFFECT_SEVERITIES = {
  mild: 'Mild: I can carry on as normal',
  moderate: 'Moderate: it gets in the way of my day',
  severe: 'Severe: it stops me doing everyday things, or it worries me',
} as const;
export type SideEffectSeverity = keyof typeof SIDE_EFFECT_SEVERITIES;
/** The severity in a word, for the audit log. */
export const SIDE_EFFECT_SEVERITY_NAMES: Record<SideEffectSeverity, string> = { mild: 'Mild', moderate: 'Moderate', severe: 'Severe' };
export const SIDE_EFFECT_SEVERITY_CODES = Object.keys(SIDE_EFFECT_SEVERITIES) as [SideEffectSeverity, ...SideEffectSeverity[]];

/** POST /shop-api/support/side-effects: what happened and how bad it is. */
export const sideEffectReportSchema = z.object({
  severity: z.enum(SIDE_EFFECT_SEVERITY_CODES, { error: 'Please choose how bad it is.' }),
  description: supportBodySchema,
});
export type SideEffectReport = z.infer<typeof sideEffectReportSchema>;

/** The reply: the conversation the report opened, and when a clinician will have called (a severe report). */
export const sideEffectReportReplySchema = z.object({
  thread: supportThreadSchema,
  urgent: z.boolean(),
  contactBy: z.string().nullable(),
});
export type SideEffectReportReply = z.infer<typeof sideEffectReportReplySchema>;

/** The conversation's subject, so the care team sees the severity in their inbox. */
export const sideEffectReportSubject = (severity: SideEffectSeverity): string => `Side effect report (${severity})`;

/** A side effect the patient marks severe: a clinician contacts them, through the urgent clinical queue. */
export const SEVERE_SIDE_EFFECT_RULE: TriggeredRule = {
  ruleId: 'side-effect-reported-severe',
  kind: 'flag',
  level: 'urgent',
  summary: 'Side effect reported as severe by the patient: contact the patient',
  questionIds: [],
  productCode: null,
  source:
    'GPhC guidance for registered pharmacies providing pharmacy services at a distance, including on the internet (2025): follow-up of safety concerns; MHRA Yellow Card scheme (suspected adverse reactions); clinic policy',
  rationale:
    'A patient who reports a severe side effect may need to stop or change treatment; a prescriber contacts them within the urgent queue’s time, decides what to do, and reports a suspected serious reaction to the MHRA.',
};
