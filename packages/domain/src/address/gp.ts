import { z } from 'zod';
import { REQUIRED_MESSAGE } from '../identity/messages';
import { postcodeSchema } from './postcode';

const requiredText = z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE);

/** The patient's GP practice (SPEC §3 "GP details", §5 "GP form"). */
export const gpDetailsSchema = z.object({
  practiceName: requiredText,
  addressLine1: requiredText,
  addressLine2: z.string().trim().optional(),
  cityOrTown: requiredText,
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
