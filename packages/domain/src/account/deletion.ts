import { z } from 'zod';
import type { IsoDate } from '../delivery/calendar-date';
import { ukCalendarDate } from '../delivery/uk-clock';
import type { OrderState } from '../orders/lifecycle';

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

/** What the account page says goes; what stays, why and for how long are the rules in retention.ts. */
export const DELETION_REMOVED_TEXT =
  'Everything else is deleted: your sign-in, saved addresses and cards, weight logs, your injection log and side-effect diary, reminders and marketing preferences. Our team cancels any open plan first, so nothing more is charged.';
export const DELETION_REQUESTED_TEXT = 'We have your request. Our team will confirm by email within one month, as UK data protection law requires.';
export const DELETION_COMPLETED_TEXT = 'Your account has been deleted. Only the records the law requires us to keep remain.';

/**
 * UK GDPR Art. 12(3): the clinic answers a request within one month of receiving it. The month runs to the same day
 * of the next month, or that month's last day when it has no such day (31 January → 28/29 February).
 */
export function deletionDeadline(requestedOn: IsoDate): IsoDate {
  const [year, month, day] = requestedOn.split('-').map(Number) as [number, number, number];
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** Whole days from the UK date `today` to the deadline: 0 on the day itself, negative once it has passed. */
export function deletionDaysLeft(requestedAt: Date, now: Date): number {
  const deadline = deletionDeadline(ukCalendarDate(requestedAt));
  const today = ukCalendarDate(now);
  return Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * An order the clinic has not finished with (not yet dispatched, rejected, refunded or otherwise closed): the
 * account cannot be deleted while one is open, as the patient could neither be reached nor be supplied.
 */
export const ORDER_STATES_BLOCKING_DELETION: readonly OrderState[] = ['payment_pending', 'awaiting_patient', 'in_review', 'approved'];
export const DELETION_BLOCKED_MESSAGE = 'This patient has an order in progress. Dispatch, reject or cancel it first, then confirm the deletion.';

/**
 * The customer row stays (orders, prescriptions and consultations point at it), its contact details replaced by a
 * placeholder that can never receive mail (.invalid, RFC 2606) nor be signed in with.
 */
export const deletedEmail = (placeholderId: string) => `deleted-${placeholderId}@deleted.invalid`;

/**
 * A patient with any order or consultation has a clinical record, which must name them (GPhC: records of supply;
 * the prescriber's record of who was assessed), so their name and date of birth stay; without one nothing needs them.
 */
export const keepsIdentity = (clinicalRecords: number) => clinicalRecords > 0;

/** GET /shop-api/clinic/deletion-requests: open requests, oldest first. */
export const deletionQueueSchema = z.object({
  requests: z.array(
    z.object({
      /** The patient's public id. */
      id: z.string(),
      patient: z.object({ name: z.string() }),
      requestedAt: z.string(),
      deadline: z.string().describe('ISO date: one month from the request'),
      daysLeft: z.number().int(),
    }),
  ),
});
export type DeletionQueue = z.infer<typeof deletionQueueSchema>;

/** GET /shop-api/clinic/deletion-requests/:id: one request, what goes and stays, and what blocks it. */
export const clinicDeletionRequestSchema = z.object({
  id: z.string(),
  state: z.enum(DELETION_REQUEST_STATES),
  patient: z.object({ name: z.string(), email: z.string() }),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  deadline: z.string(),
  daysLeft: z.number().int(),
  removedText: z.string(),
  keptText: z.string(),
  openPlans: z.number().int(),
  ordersInProgress: z.array(z.object({ number: z.string(), state: z.string() })),
});
export type ClinicDeletionRequest = z.infer<typeof clinicDeletionRequestSchema>;

/** How the console shows the deadline: '12 days left', '1 day left', 'Due today', '3 days overdue'. */
export function deletionDeadlineLabel(daysLeft: number): string {
  if (daysLeft === 0) return 'Due today';
  const days = Math.abs(daysLeft);
  const count = `${days} ${days === 1 ? 'day' : 'days'}`;
  return daysLeft > 0 ? `${count} left` : `${count} overdue`;
}
