import { z } from 'zod';

/**
 * 'Delete my account' is a request the clinic confirms: prescription and consultation records must be kept by law,
 * so the clinic deletes the rest and keeps those. 'requested' until the clinic has done it, then 'completed'.
 */
export const DELETION_REQUEST_STATES = ['requested', 'completed'] as const;
export type DeletionRequestState = (typeof DELETION_REQUEST_STATES)[number];

/** GET /shop-api/me/deletion-request: the patient's request, or null when they have made none. */
export const deletionRequestViewSchema = z
  .object({
    state: z.enum(DELETION_REQUEST_STATES),
    /** When it was made (ISO date-time). */
    requestedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .nullable();
export type DeletionRequestView = z.infer<typeof deletionRequestViewSchema>;

/** What the account page says stays and what goes (GPhC and NHS records guidance: adults' records at least 10 years). */
export const RECORDS_KEPT_YEARS = 10;
export const DELETION_KEPT_TEXT = `We keep your prescription and consultation records, and the orders they belong to, for as long as the law requires a pharmacy to keep them: at least ${RECORDS_KEPT_YEARS} years for adults, following GPhC and NHS records guidance. Only our clinical team can see them.`;
export const DELETION_REMOVED_TEXT =
  'Everything else is deleted: your sign-in, saved addresses and cards, weight logs, reminders and marketing preferences. Our team cancels any open plan first, so nothing more is charged.';
export const DELETION_REQUESTED_TEXT = 'We have your request. Our team will confirm by email within one month, as UK data protection law requires.';
export const DELETION_COMPLETED_TEXT = 'Your account has been deleted. Only the records the law requires us to keep remain.';
