import { z } from 'zod';

/**
 * Clinical policy: the choices that are the clinic's rather than a licence's, owned by the medical director.
 * One typed place, read by the consultation rules on the server and in the browser alike; a change is a reviewed
 * commit (and so a deploy), which keeps every decision traceable to the policy in force when it was made.
 * The defaults are the safe ones.
 */
export interface ClinicalPolicy {
  /**
   * A continuing patient whose last dose was more than this many days ago restarts one dose lower (the SmPCs'
   * missed-dose guidance: tolerance to the gut side effects is lost after a break).
   */
  missedDoseGapDays: number;
  /** After more than this many days without a dose the patient starts again from the starting dose. */
  restartFromStartingDoseAfterDays: number;
  /**
   * NICE TA875 / TA1026 lower the BMI thresholds by 2.5 for some family backgrounds. Below the licence
   * thresholds (Wegovy and Mounjaro SmPC 4.1) that is off-label prescribing, so it is off unless the medical
   * director turns it on; when on, such orders are flagged off-label and the patient gives informed consent.
   */
  niceEthnicityAdjustment: boolean;
  /**
   * For NICE's stopping rule (TA875 / TA1026 1.2: under 5% lost after 6 months on the maintenance dose): a dose other
   * than the licence's named maintenance dose (any Mounjaro dose; Wegovy below 2.4 mg) counts as the maintenance dose
   * once supplied unchanged this many times in a row, counted from the first of them. Default 2, the safe choice:
   * the fewest supplies that tell a dose the prescriber kept from one step of the escalation (a step changes the dose
   * at the next supply), so no kept dose escapes the review; the flag only asks the prescriber to decide.
   */
  maintenanceDoseHeldSupplies: number;
}

export const clinicalPolicySchema = z.object({
  missedDoseGapDays: z.number().int().positive(),
  restartFromStartingDoseAfterDays: z.number().int().positive(),
  niceEthnicityAdjustment: z.boolean(),
  // Outcomes kept before this setting existed were judged without it; they read as the default.
  maintenanceDoseHeldSupplies: z.number().int().min(1).default(2),
}) satisfies z.ZodType<ClinicalPolicy>;

export const DEFAULT_CLINICAL_POLICY: ClinicalPolicy = {
  missedDoseGapDays: 14,
  restartFromStartingDoseAfterDays: 28,
  niceEthnicityAdjustment: false,
  maintenanceDoseHeldSupplies: 2,
};

/** The policy in force. Changing it is the medical director's decision (see the report of issue 15). */
export const CLINICAL_POLICY: ClinicalPolicy = DEFAULT_CLINICAL_POLICY;
