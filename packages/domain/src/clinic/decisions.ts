import { z } from 'zod';
import { ORDER_LIFECYCLE, type OrderState } from '../orders/lifecycle';
import type { StaffRole } from '../lifecycle/actors';
import { clinicText } from './staff';

/**
 * Why a prescriber may turn an order down, and what the patient is told for each; the prescriber's note is
 * added below the reason.
 */
export const REJECTION_REASONS = {
  clinically_unsuitable: 'Based on your consultation, this treatment is not clinically suitable for you.',
  bmi_not_eligible: 'Your BMI does not meet the criteria for this treatment.',
  contraindication: 'Something in your medical history means this treatment may not be safe for you.',
  identity_not_verified: 'We could not verify your identity from the photo you sent.',
  weight_not_verified: 'We could not verify your weight from the photo you sent.',
  inconsistent_answers: 'Some of your answers did not agree with each other or with the information you sent.',
  other: 'Our prescriber could not approve this order.',
} as const;
export type RejectionReasonCode = keyof typeof REJECTION_REASONS;
/** Each reason as the prescriber picks it, and as staff read it afterwards. */
export const REJECTION_REASON_NAMES: Record<RejectionReasonCode, string> = {
  clinically_unsuitable: 'Clinically unsuitable',
  bmi_not_eligible: 'BMI not eligible',
  contraindication: 'Contraindication',
  identity_not_verified: 'Identity not verified',
  weight_not_verified: 'Weight not verified',
  inconsistent_answers: 'Inconsistent answers',
  other: 'Other',
};
export const REJECTION_REASON_CODES = Object.keys(REJECTION_REASONS) as [RejectionReasonCode, ...RejectionReasonCode[]];

export const rejectBodySchema = z.object({
  reasonCode: z.enum(REJECTION_REASON_CODES),
  note: clinicText(2000).default('').transform((value) => value.trim()),
});

export const requestInformationBodySchema = z.object({
  question: clinicText(2000).transform((value) => value.trim()).refine((value) => value.length > 0, 'is required'),
  photoRequested: z.boolean().default(false),
});

/** What the patient reads as the reason for a rejection. */
export function rejectionMessage(code: RejectionReasonCode, note: string): string {
  const trimmed = note.trim();
  return trimmed ? `${REJECTION_REASONS[code]} ${trimmed}` : REJECTION_REASONS[code];
}

export const decisionReplySchema = z.object({
  orderNumber: z.string(),
  state: z.string(),
  paymentState: z.string(),
  /** Whether this request made the change (false: it had already been made, e.g. a second click). */
  changed: z.boolean(),
});
export type DecisionReply = z.infer<typeof decisionReplySchema>;

/** Why support or admin cancel an order (a patient's call, an account to delete): kept in the history and the audit log. */
export const CANCEL_REASON_LENGTH = { min: 3, max: 500 } as const;
const CANCEL_REASON_MESSAGE = `Please give a reason for cancelling (${CANCEL_REASON_LENGTH.min} to ${CANCEL_REASON_LENGTH.max} characters).`;
export const staffCancelOrderBodySchema = z.object({
  reason: z
    .string({ error: CANCEL_REASON_MESSAGE })
    .trim()
    .min(CANCEL_REASON_LENGTH.min, CANCEL_REASON_MESSAGE)
    .max(CANCEL_REASON_LENGTH.max, `Please keep the reason to ${CANCEL_REASON_LENGTH.max} characters or fewer.`)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters'),
});

/** Whether a member of staff in `role` may cancel an order in `state` (the order lifecycle's `cancelled` event decides). */
export function staffMayCancelOrder(role: StaffRole, state: OrderState): boolean {
  return ORDER_LIFECYCLE.decide(state, 'cancelled', role).ok;
}
