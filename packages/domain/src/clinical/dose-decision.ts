import { z } from 'zod';
import type { LadderStep } from './re-titration';
import { noGpConsentReasonSchema } from '../clinic/gp-consent';

/** How a dose the prescriber may approve stands to the order: the one asked, the one last supplied, or lower. */
export const APPROVABLE_DOSE_RELATIONS = ['asked', 'lastSupplied', 'lower'] as const;
export type ApprovableDoseRelation = (typeof APPROVABLE_DOSE_RELATIONS)[number];

export interface ApprovableDose {
  variantCode: string;
  dosage: string;
  relation: ApprovableDoseRelation;
}

/**
 * The doses a prescriber may approve an order's medicine at, highest first: the dose asked for, and every lower step
 * of the same medicine down to its starting dose (a restart after a gap goes there); never above the dose asked, and
 * never more than one step above the dose last supplied (no skipped step: Wegovy and Mounjaro SmPC 4.2). The dose last
 * supplied, when it is below the one asked, is marked so. Empty when the asked dose is not on the ladder.
 */
export function approvableDoses(steps: readonly LadderStep[], asked: string, lastSupplied: string | null): ApprovableDose[] {
  const ladder = [...steps].sort((a, b) => a.position - b.position);
  const askedAt = ladder.findIndex((step) => step.code === asked);
  if (askedAt < 0) return [];
  const suppliedAt = lastSupplied === null ? -1 : ladder.findIndex((step) => step.code === lastSupplied);
  const highest = suppliedAt >= 0 ? Math.min(askedAt, suppliedAt + 1) : askedAt;
  return ladder
    .slice(0, highest + 1)
    .reverse()
    .map((step) => ({
      variantCode: step.code,
      dosage: step.dosage,
      relation: step.code === asked ? 'asked' : step.code === lastSupplied ? 'lastSupplied' : 'lower',
    }));
}

export const DOSE_DECISION_MESSAGES = {
  notOffered: 'Please choose the dose asked for, the dose last supplied or a lower one.',
  rationaleNeeded: 'Please say why you are approving a different dose from the one asked for: the patient is told.',
} as const;

/**
 * POST /shop-api/clinic/orders/{number}/approve: the dose approved (absent: the one asked) and why. The reason is the
 * prescriber's, shown to the patient; it is required when the dose differs from the one asked. Without the patient's
 * consent to tell their GP, why prescribing is still appropriate.
 */
export const approveBodySchema = z
  .object({
    variantCode: z.string().trim().min(1).max(100).optional(),
    rationale: z.string().trim().max(1000).optional(),
    noGpConsentReason: noGpConsentReasonSchema.optional(),
  })
  .nullish()
  // No body (or an empty one): the dose asked, no reason.
  .transform((body) => body ?? {});
export type ApproveBody = z.output<typeof approveBodySchema>;

/** What the prescriber decided about the dose, kept with the approval (the order's lines then carry the approved one). */
export const approvedDoseSchema = z.object({
  productName: z.string(),
  asked: z.object({ variantCode: z.string(), dosage: z.string(), total: z.number().int() }),
  approved: z.object({ variantCode: z.string(), dosage: z.string(), total: z.number().int() }),
  rationale: z.string().nullable(),
});
export type ApprovedDose = z.infer<typeof approvedDoseSchema>;

/** The dose decision an approval recorded (its event's `data.dose`), or null for one that recorded none. */
export function approvedDoseOf(approvalData: Record<string, unknown> | null | undefined): ApprovedDose | null {
  const parsed = approvedDoseSchema.safeParse(approvalData?.dose);
  return parsed.success ? parsed.data : null;
}

/** Whether the approval changed the dose asked for. */
export const doseChanged = (decision: Pick<ApprovedDose, 'asked' | 'approved'>) => decision.asked.variantCode !== decision.approved.variantCode;
