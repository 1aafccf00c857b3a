import { z } from 'zod';
import { clinicText } from './staff';

/**
 * The two GP consents, asked separately (GPhC guidance for pharmacies providing services at a distance, 2025): to
 * inform the GP of what is prescribed, and to contact the GP to verify the patient's history. The wording is kept
 * with each answer, exactly as the patient read it.
 */
export const GP_CONSENT_WORDING = {
  informGp: 'I agree that the clinic tells my GP about any treatment it prescribes for me.',
  verifyHistory: 'I agree that the clinic may contact my GP to check my medical history.',
} as const;
export type GpConsentKind = keyof typeof GP_CONSENT_WORDING;

export const gpConsentsSchema = z.object({ informGp: z.boolean(), verifyHistory: z.boolean() });
export type GpConsents = z.infer<typeof gpConsentsSchema>;

/** One consent as recorded: what the patient read, what they answered, when. */
export interface RecordedGpConsent {
  kind: GpConsentKind;
  wording: string;
  given: boolean;
  at: string;
}

export function recordedGpConsents(consents: GpConsents, at: Date): RecordedGpConsent[] {
  return (Object.keys(GP_CONSENT_WORDING) as GpConsentKind[]).map((kind) => ({ kind, wording: GP_CONSENT_WORDING[kind], given: consents[kind], at: at.toISOString() }));
}

/**
 * Without the patient's consent to inform their GP, a prescriber who still prescribes records why it is
 * appropriate (or refuses the order). No answer yet is no consent.
 */
export function gpConsentReasonNeeded(consents: Pick<GpConsents, 'informGp'> | null): boolean {
  return consents?.informGp !== true;
}

export const GP_CONSENT_REASON_MAX_LENGTH = 1000;
export const GP_CONSENT_REASON_NEEDED_MESSAGE =
  'The patient has not agreed that we tell their GP. Record why prescribing is still appropriate without informing the GP, or reject the order.';

/** Why prescribing is appropriate although the patient has not agreed that their GP is told (the approval's body). */
export const noGpConsentReasonSchema = clinicText(GP_CONSENT_REASON_MAX_LENGTH).trim().min(1, 'Please say why prescribing is still appropriate.');
