import { z } from 'zod';
import { addDays, parseIsoDate, isoDate, calendarDate, type IsoDate } from '../delivery/calendar-date';
import { ukCalendarDate } from '../delivery/uk-clock';
import { formatLongDate } from '../account/next-delivery';
import { bmi, roundBmi } from '../measurements/units';
import { MEASUREMENT_MESSAGES } from '../measurements/validation';
import { clinicText } from '../clinic/staff';
import type { Sourced } from './sourced';

/**
 * How a prescriber independently verified a patient's weight, height and identity before a weight-management
 * medicine is supplied. The four ways the GPhC's guidance accepts; a photo the patient sent, or a telephone call, is
 * never one (the photo tasks stay as supporting evidence).
 */
export const VERIFICATION_METHODS = ['video', 'in_person', 'clinical_record', 'gp_confirmation'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

const GPHC_2025 =
  'GPhC, Guidance for registered pharmacies providing pharmacy services at a distance, including on the internet (February 2025), weight-management medicines';

export interface VerificationMethodRule extends Sourced {
  method: VerificationMethod;
  /** As the console lists it. */
  name: string;
  /** What the prescriber writes as evidence (the field's hint). */
  evidenceHint: string;
  /** Whether an evidence note is required (a video consultation is its own evidence: the booking and the call). */
  evidenceRequired: boolean;
}

export const VERIFICATION_METHOD_RULES: readonly VerificationMethodRule[] = [
  {
    method: 'video',
    name: 'Video consultation',
    evidenceHint: 'Optional: anything of note, e.g. the scales’ make, or the photo ID shown.',
    evidenceRequired: false,
    source: `${GPHC_2025}: verification by a video consultation`,
    rationale: 'The prescriber sees the patient step on the scales and measures height on camera, and checks their face against the photo ID.',
  },
  {
    method: 'in_person',
    name: 'In person',
    evidenceHint: 'Where and by whom the patient was weighed and measured, e.g. ‘Weighed at the pharmacy, 3 March, by the pharmacist’.',
    evidenceRequired: true,
    source: `${GPHC_2025}: verification in person`,
    rationale: 'Weighed and measured face to face by a healthcare professional.',
  },
  {
    method: 'clinical_record',
    name: 'Clinical record',
    evidenceHint: 'Which record and the date of the measurement, e.g. ‘Summary Care Record, weight recorded by the practice nurse on 12 Feb’.',
    evidenceRequired: true,
    source: `${GPHC_2025}: verification from the person’s clinical record`,
    rationale: 'A recent weight and height recorded by a healthcare professional in the patient’s record.',
  },
  {
    method: 'gp_confirmation',
    name: 'Confirmed by the GP',
    evidenceHint: 'Who at the practice confirmed it, how and when, e.g. ‘Dr Shah, Elm Surgery, by email on 4 March’.',
    evidenceRequired: true,
    source: `${GPHC_2025}: verification by contacting the person’s GP (with their consent)`,
    rationale: 'The patient’s own GP practice confirms the measurements it holds.',
  },
];

export const verificationMethodRule = (method: VerificationMethod): VerificationMethodRule => VERIFICATION_METHOD_RULES.find((rule) => rule.method === method)!;
export const verificationMethodName = (method: VerificationMethod): string => verificationMethodRule(method).name;

/**
 * The clinic's verification policy, owned by the medical director (a reviewed commit, as clinical/policy.ts). The
 * defaults are the safe ones.
 */
export interface VerificationPolicy {
  /** A verification stands for this many calendar months (UK dates): a new one is needed at the interval. */
  validForMonths: number;
  /**
   * A dose increase to this step of the medicine's ladder or above (1 = the starting dose; 3 = Wegovy 1 mg, Mounjaro
   * 7.5 mg) needs a fresh verification.
   */
  freshVerificationFromDoseStep: number;
  /** Fresh: made at most this many days before the approval. */
  freshForDays: number;
  /** A verified BMI this far (BMI points) or more from the one the patient declared flags the order. */
  bmiTolerance: number;
}

export const verificationPolicySchema = z.object({
  validForMonths: z.number().int().min(1).max(12),
  freshVerificationFromDoseStep: z.number().int().min(2),
  freshForDays: z.number().int().min(0).max(90),
  bmiTolerance: z.number().positive().max(10),
}) satisfies z.ZodType<VerificationPolicy>;

export const DEFAULT_VERIFICATION_POLICY: VerificationPolicy = {
  validForMonths: 6,
  freshVerificationFromDoseStep: 3,
  freshForDays: 28,
  bmiTolerance: 1,
};

export const VERIFICATION_POLICY_SOURCE: Sourced = {
  source: `${GPHC_2025}; clinic policy (medical director): verified again every ${DEFAULT_VERIFICATION_POLICY.validForMonths} months, within ${DEFAULT_VERIFICATION_POLICY.freshForDays} days before a dose increase to the ladder’s step ${DEFAULT_VERIFICATION_POLICY.freshVerificationFromDoseStep} or above, and a declared BMI more than ${DEFAULT_VERIFICATION_POLICY.bmiTolerance} from the verified one flagged`,
  rationale:
    'The dose, and whether the medicine is appropriate at all, rest on the BMI: a self-reported weight is often under-stated, and a higher dose is a new decision on the patient as they are now.',
};

/** The policy in force. */
export const VERIFICATION_POLICY: VerificationPolicy = DEFAULT_VERIFICATION_POLICY;

/** The same UK date `months` later (31 Aug + 6 months: 28 or 29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not a calendar date: ${date}`);
  const index = parsed.month - 1 + months;
  const year = parsed.year + Math.floor(index / 12);
  const month = (((index % 12) + 12) % 12) + 1;
  for (let day = parsed.day; day >= 28; day -= 1) {
    const candidate = calendarDate(year, month, day);
    if (candidate) return isoDate(candidate);
  }
  return isoDate({ year, month, day: parsed.day });
}

/** The last UK date a verification made at `verifiedAt` stands on: the day before the same date `validForMonths` on. */
export function verificationLastValidDay(verifiedAt: Date, policy: VerificationPolicy = VERIFICATION_POLICY): IsoDate {
  return addDays(addMonths(ukCalendarDate(verifiedAt), policy.validForMonths), -1);
}

export function isVerificationValid(verifiedAt: Date, now: Date, policy: VerificationPolicy = VERIFICATION_POLICY): boolean {
  return verifiedAt.getTime() <= now.getTime() && ukCalendarDate(now) <= verificationLastValidDay(verifiedAt, policy);
}

/** Whether it was made within `freshForDays` days (UK dates) before `now`, as a dose increase past the threshold needs. */
export function isVerificationFresh(verifiedAt: Date, now: Date, policy: VerificationPolicy = VERIFICATION_POLICY): boolean {
  return verifiedAt.getTime() <= now.getTime() && ukCalendarDate(verifiedAt) >= addDays(ukCalendarDate(now), -policy.freshForDays);
}

/** A dose increase, as the approval sees it: the ladder steps (1 = starting dose) supplied last and approved now. */
export interface DoseStepChange {
  dosage: string;
  fromStep: number | null;
  toStep: number;
}

/** Whether this supply increases the dose to the policy's step or above (and so needs a fresh verification). */
export function needsFreshVerification(change: DoseStepChange | null, policy: VerificationPolicy = VERIFICATION_POLICY): boolean {
  if (!change || change.fromStep === null) return false;
  return change.toStep > change.fromStep && change.toStep >= policy.freshVerificationFromDoseStep;
}

export const VERIFICATION_MESSAGES = {
  needed: 'Weight and height must be verified (video consultation, in person, clinical record or GP confirmation) before a weight-loss medicine is approved. The patient’s photos are supporting evidence only.',
  expired: (lastValid: IsoDate) =>
    `The last verification of weight and height stood until ${formatLongDate(lastValid)}. Weight and height must be verified again before approval.`,
  notFresh: (dosage: string, days: number) =>
    `An increase to ${dosage} needs weight and height verified in the last ${days} days. Weight and height must be verified again before approval.`,
  evidenceNeeded: 'Please say how the measurements were verified.',
  videoFromCall: 'A video consultation is recorded from the call itself.',
} as const;

export type VerificationStanding = 'valid' | 'missing' | 'expired' | 'not_fresh';

/** One verification as the rules read it. */
export interface VerificationFact {
  verifiedAt: Date;
}

/**
 * Where the patient stands for this supply: the newest verification that is within its validity (and fresh, for a
 * dose increase past the threshold), or why none will do, with the message the prescriber reads.
 */
export function verificationStanding<T extends VerificationFact>(
  verifications: readonly T[],
  now: Date,
  change: DoseStepChange | null,
  policy: VerificationPolicy = VERIFICATION_POLICY,
): { standing: VerificationStanding; verification: T | null; message: string | null } {
  const newest = [...verifications].filter((row) => row.verifiedAt.getTime() <= now.getTime()).sort((a, b) => b.verifiedAt.getTime() - a.verifiedAt.getTime());
  const latest = newest[0] ?? null;
  if (!latest) return { standing: 'missing', verification: null, message: VERIFICATION_MESSAGES.needed };
  if (!isVerificationValid(latest.verifiedAt, now, policy)) return { standing: 'expired', verification: null, message: VERIFICATION_MESSAGES.expired(verificationLastValidDay(latest.verifiedAt, policy)) };
  if (needsFreshVerification(change, policy) && !isVerificationFresh(latest.verifiedAt, now, policy)) {
    return { standing: 'not_fresh', verification: null, message: VERIFICATION_MESSAGES.notFresh(change!.dosage, policy.freshForDays) };
  }
  return { standing: 'valid', verification: latest, message: null };
}

/** BMI from verified measurements, as the rest of the shop computes it (one decimal). */
export function verifiedBmi(weightKg: number, heightCm: number): number | null {
  const value = bmi(weightKg, heightCm);
  return value === null ? null : roundBmi(value);
}

/**
 * The declared and verified BMIs compared: the difference (verified minus declared, one decimal) and whether it is
 * beyond the clinic's tolerance (exactly the tolerance is within it). Null without both.
 */
export function bmiDifference(declared: number | null, verified: number | null, policy: VerificationPolicy = VERIFICATION_POLICY): { difference: number; outsideTolerance: boolean } | null {
  if (declared === null || verified === null) return null;
  const difference = Math.round((verified - declared) * 10) / 10;
  return { difference, outsideTolerance: Math.abs(difference) > policy.bmiTolerance };
}

/** A number as a field sends it: a numeric string or a number. */
const measured = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).refine((value) => Number.isFinite(value) && value >= min && value <= max, message),
  );

/** Verified weight: more than a child's, under the shop's weight limit (SPEC §5: under 445 kg). */
export const verifiedWeightSchema = measured(MEASUREMENT_MESSAGES.kg, 25, 444.9);
/** Verified height: SPEC §5's limits (90 to 230 cm). */
export const verifiedHeightSchema = measured(MEASUREMENT_MESSAGES.cm, 90, 230);

const verificationFields = {
  weightKg: verifiedWeightSchema,
  heightCm: verifiedHeightSchema,
  identityChecked: z.boolean({ error: 'Say whether identity was checked against the photo ID.' }),
  evidence: clinicText(1000)
    .transform((value) => value.trim())
    .optional()
    .default(''),
};

/**
 * POST /shop-api/clinic/orders/{number}/verifications: a verification by a method other than video, recorded from
 * the order's review, with its evidence.
 */
export const recordVerificationBodySchema = z
  .object({ method: z.enum(['in_person', 'clinical_record', 'gp_confirmation']), ...verificationFields })
  .superRefine((body, ctx) => {
    if (verificationMethodRule(body.method).evidenceRequired && body.evidence === '') ctx.addIssue({ code: 'custom', path: ['evidence'], message: VERIFICATION_MESSAGES.evidenceNeeded });
  });
export type RecordVerificationBody = z.output<typeof recordVerificationBodySchema>;

/** POST /shop-api/clinic/video-consultations/{id}/verification: what the prescriber observed during the call. */
export const recordVideoVerificationBodySchema = z.object(verificationFields);
export type RecordVideoVerificationBody = z.output<typeof recordVideoVerificationBodySchema>;

/** A verification as the console shows it. */
export const patientVerificationSchema = z.object({
  id: z.string(),
  method: z.enum(VERIFICATION_METHODS),
  methodName: z.string(),
  weightKg: z.number(),
  heightCm: z.number(),
  bmi: z.number().nullable(),
  identityChecked: z.boolean(),
  evidence: z.string(),
  verifiedAt: z.string(),
  /** The prescriber, 'Dr Ana Patel (GMC 7012345)'. */
  verifiedBy: z.string(),
  /** The last UK date it stands on. */
  validUntil: z.string(),
  videoConsultationId: z.string().nullable(),
});
export type PatientVerification = z.infer<typeof patientVerificationSchema>;

/** The measurement the patient declared for this order (their consultation, or their latest check-in or log before it). */
export const declaredMeasurementSchema = z.object({
  source: z.enum(['patient', 'consultation', 'check-in']),
  at: z.string(),
  weightKg: z.number().nullable(),
  heightCm: z.number().nullable(),
  bmi: z.number().nullable(),
});
export type DeclaredMeasurement = z.infer<typeof declaredMeasurementSchema>;

/** The order review's verification section: what stands for this supply, beside what the patient declared. */
export const reviewVerificationSchema = z.object({
  /** Whether the order holds a weight-loss medicine (and so needs a verification before approval). */
  required: z.boolean(),
  standing: z.enum(['valid', 'missing', 'expired', 'not_fresh']),
  /** Why approval is refused now; null when it may go ahead. */
  message: z.string().nullable(),
  /** The verification the approval would rest on, else the latest there is. */
  verification: patientVerificationSchema.nullable(),
  declared: declaredMeasurementSchema.nullable(),
  /** Verified minus declared BMI, and whether it is beyond the clinic's tolerance (the order is flagged). */
  bmiDifference: z.number().nullable(),
  outsideTolerance: z.boolean(),
  tolerance: z.number(),
  /** The patient's video consultation still ahead (or under way), if any. */
  videoConsultation: z.object({ id: z.string(), startsAt: z.string(), endsAt: z.string(), status: z.string() }).nullable(),
  /** Every verification of the patient, newest first. */
  history: z.array(patientVerificationSchema),
});
export type ReviewVerification = z.infer<typeof reviewVerificationSchema>;

/** What an approval keeps of the verification it rested on (its event's `data.verification`). */
export const approvalVerificationSchema = z.object({
  id: z.string(),
  method: z.enum(VERIFICATION_METHODS),
  methodName: z.string(),
  verifiedAt: z.string(),
  verifiedBy: z.string(),
  weightKg: z.number().nullable(),
  heightCm: z.number().nullable(),
  bmi: z.number().nullable(),
  identityChecked: z.boolean(),
});
export type ApprovalVerification = z.infer<typeof approvalVerificationSchema>;
