import { z } from 'zod';
import { REQUIRED_MESSAGE } from '../identity/messages';
import { postcodeSchema } from './postcode';
import { gpConsentsSchema } from '../clinic/gp-consent';

/** Longer than any NHS practice name or address line; the cap keeps a pasted document out of the record. */
export const GP_TEXT_MAX_LENGTH = 100;
const tooLong = (field: string) => `${field} cannot exceed ${GP_TEXT_MAX_LENGTH} characters`;

const requiredText = (field: string) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE, abort: true })
    .max(GP_TEXT_MAX_LENGTH, tooLong(field));

/**
 * An organisation's code in the NHS Organisation Data Service (a GP practice's is a letter and five digits, B86001);
 * 3 to 10 letters and digits, as ODS allots them.
 */
export const odsCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3,10}$/, 'Please choose your practice again');

/**
 * The patient's GP practice (SPEC §3 "GP details", §5 "GP form"), with its ODS code when it was chosen from the
 * NHS directory rather than typed by hand.
 */
export const gpDetailsSchema = z.object({
  practiceName: requiredText('Practice name'),
  addressLine1: requiredText('Address line 1'),
  addressLine2: z.string().trim().max(GP_TEXT_MAX_LENGTH, tooLong('Address line 2')).optional(),
  cityOrTown: requiredText('Town'),
  postCode: postcodeSchema,
  odsCode: odsCodeSchema.optional(),
  /** The practice's email for clinical letters (often an nhs.net address), when the patient knows it. */
  email: z.email('Please enter the practice’s email address, or leave it empty').max(254).optional(),
});
export type GpDetails = z.output<typeof gpDetailsSchema>;

/** Fewest characters of a practice's name worth searching the directory for. */
export const GP_SEARCH_MIN_LENGTH = 3;
export const GP_SEARCH_TOO_SHORT_MESSAGE = `Enter at least ${GP_SEARCH_MIN_LENGTH} letters of your practice's name`;

/** The practice search's query: part of a practice's name. */
export const gpPracticeSearchSchema = z.object({
  name: z.string().trim().min(GP_SEARCH_MIN_LENGTH, GP_SEARCH_TOO_SHORT_MESSAGE).max(GP_TEXT_MAX_LENGTH, tooLong('Practice name')),
});

/** One practice the search found: enough to tell it from the others. */
export const gpPracticeSummarySchema = z.object({ odsCode: z.string(), name: z.string(), postcode: z.string() });
export type GpPracticeSummary = z.output<typeof gpPracticeSummarySchema>;

/** A practice from the directory, as the GP details take it. */
export const gpPracticeSchema = z.object({
  odsCode: z.string(),
  practiceName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  cityOrTown: z.string(),
  postCode: z.string(),
});
export type GpPractice = z.output<typeof gpPracticeSchema>;

/** What the patient is told when the directory cannot be searched: they can still type their practice. */
export const GP_SEARCH_MESSAGES = {
  failed: "We could not search the NHS directory just now. Please try again, or enter your practice's details yourself.",
  tooMany: "Too many practice searches. Please wait a few minutes and try again, or enter your practice's details yourself.",
  notFound: 'We could not find that practice. Please search again, or enter its details yourself.',
} as const;

const ACRONYMS = new Set(['NHS', 'GP', 'PCN', 'UK']);

/** The directory writes names in capitals: 'THE PARK SURGERY' → 'The Park Surgery', keeping NHS and the like. */
export function organisationNameCase(name: string): string {
  return name
    .trim()
    .split(/(\s+|-|\/)/)
    .map((word) => (ACRONYMS.has(word.toUpperCase()) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join('');
}

/**
 * POST /shop-api/customers/patient-gp-info: the patient either agrees that the clinic tells their GP
 * (and names the practice) or skips sharing; both complete the task (SPEC §4 GP flow).
 */
export const patientGpInfoSchema = z.discriminatedUnion('consentGiven', [
  gpDetailsSchema.extend({ consentGiven: z.literal(true), consents: gpConsentsSchema.optional() }),
  z.object({ consentGiven: z.literal(false), consents: gpConsentsSchema.optional() }),
]);
export type PatientGpInfo = z.output<typeof patientGpInfoSchema>;
