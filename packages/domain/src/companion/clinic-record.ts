import { z } from 'zod';
import { triggeredRuleSchema } from '../clinical/sourced';
import { INJECTION_SITES, INJECTION_STATUSES, type InjectionSite, type InjectionStatus } from './injections';
import { SIDE_EFFECT_RED_FLAGS, SIDE_EFFECT_SYMPTOMS, type SideEffectRedFlag, type SideEffectSymptom } from '../support/side-effect-triage';
import { SIDE_EFFECT_SEVERITIES, type SideEffectSeverity } from '../support/side-effects';

/**
 * The treatment companion's record as a prescriber reads it (the order review, the urgent item): the injection log and
 * the side-effect diary, in words, newest first. Special-category health data: the clinical roles only, and audited.
 */
export const companionRecordSchema = z.object({
  injections: z.array(
    z.object({
      status: z.enum(INJECTION_STATUSES),
      /** 'Taken' or 'Missed'. */
      statusText: z.string(),
      takenAt: z.string(),
      productName: z.string(),
      dosage: z.string(),
      /** The site in words; null for a missed week. */
      siteText: z.string().nullable(),
    }),
  ),
  /** Per plan: the weeks the patient logged as missed since its last supply came (what re-titration reads). */
  missedSinceLastDelivery: z.array(z.object({ productName: z.string(), missed: z.number().int() })),
  diary: z.array(
    z.object({
      occurredOn: z.string(),
      symptomText: z.string(),
      severity: z.enum(['mild', 'moderate', 'severe']),
      severityText: z.string(),
      redFlagTexts: z.array(z.string()),
      note: z.string().nullable(),
      outcome: z.enum(['urgent', 'review', 'self-care']),
      /** The triage rules that held, with their sources. */
      rules: z.array(triggeredRuleSchema),
    }),
  ),
});
export type CompanionRecord = z.infer<typeof companionRecordSchema>;

export const EMPTY_COMPANION_RECORD: CompanionRecord = { injections: [], missedSinceLastDelivery: [], diary: [] };

const STATUS_TEXT: Record<InjectionStatus, string> = { taken: 'Taken', missed: 'Missed' };

export const injectionInWords = (entry: { status: InjectionStatus; site: InjectionSite | null }) => ({
  statusText: STATUS_TEXT[entry.status],
  siteText: entry.site ? INJECTION_SITES[entry.site] : null,
});

export const diaryEntryInWords = (entry: { symptom: SideEffectSymptom; severity: SideEffectSeverity; redFlags: readonly SideEffectRedFlag[] }) => ({
  symptomText: SIDE_EFFECT_SYMPTOMS[entry.symptom] ?? entry.symptom,
  severityText: SIDE_EFFECT_SEVERITIES[entry.severity] ?? entry.severity,
  redFlagTexts: entry.redFlags.map((flag) => SIDE_EFFECT_RED_FLAGS[flag] ?? flag),
});
