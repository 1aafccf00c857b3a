import { z } from 'zod';
import { REQUIRED_MESSAGE } from '../identity/messages';
import { postcodeSchema } from './postcode';

/** Longer than any NHS practice name or address line; the cap keeps a pasted document out of the record. */
export const GP_TEXT_MAX_LENGTH = 100;
const tooLong = (field: string) => `${field} cannot exceed ${GP_TEXT_MAX_LENGTH} characters`;

const requiredText = (field: string) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE, abort: true })
    .max(GP_TEXT_MAX_LENGTH, tooLong(field));

/** The patient's GP practice (SPEC §3 "GP details", §5 "GP form"). */
export const gpDetailsSchema = z.object({
  practiceName: requiredText('Practice name'),
  addressLine1: requiredText('Address line 1'),
  addressLine2: z.string().trim().max(GP_TEXT_MAX_LENGTH, tooLong('Address line 2')).optional(),
  cityOrTown: requiredText('Town'),
  postCode: postcodeSchema,
});
export type GpDetails = z.output<typeof gpDetailsSchema>;

/**
 * POST /shop-api/customers/patient-gp-info: the patient either agrees that the clinic tells their GP
 * (and names the practice) or skips sharing; both complete the task (SPEC §4 GP flow).
 */
export const patientGpInfoSchema = z.discriminatedUnion('consentGiven', [
  gpDetailsSchema.extend({ consentGiven: z.literal(true) }),
  z.object({ consentGiven: z.literal(false) }),
]);
export type PatientGpInfo = z.output<typeof patientGpInfoSchema>;
