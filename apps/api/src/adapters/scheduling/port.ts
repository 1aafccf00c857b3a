/** Who is booking, for a scheduler that books on its own pages (SPEC §7: name, email and phone). */
export interface Invitee {
  name: string;
  email: string;
  phone: string | null;
  /** The shop's signed reference for the patient, handed back with the booking (see booking-reference.ts). */
  reference: string;
}

/** A booking or cancellation the scheduler reports (Calendly's invitee.created / invitee.canceled). */
export interface SchedulingEvent {
  kind: 'booked' | 'cancelled';
  /** The scheduler's id of this booking (Calendly's invitee URI). */
  externalId: string;
  inviteeEmail: string;
  /** The reference the booking link carried, as the scheduler hands it back; null when there was none. */
  reference: string | null;
  /** The coach's address on the scheduler, matched to a coach's email. */
  hostEmail: string | null;
  startsAt: Date;
  endsAt: Date;
  /** Where the patient cancels or moves it on the scheduler's own pages. */
  cancelUrl: string;
  rescheduleUrl: string;
  eventTypeName: string;
  eventTypeUuid: string | null;
  location: string;
  /** Calendly cancels the old invitee of a rescheduled booking with this set. */
  rescheduled: boolean;
}

export class SchedulingSignatureError extends Error {}

/**
 * Where coach calls are booked. The built-in scheduler (default) books on the shop's own page from the coach's
 * weekly hours; a clinic already on Calendly sends patients to the coach's Calendly page and learns of bookings
 * through its signed webhooks.
 */
export interface Scheduler {
  readonly name: 'built-in' | 'calendly';
  /** The page the patient books this coach on: null when the shop's own booking page does. */
  bookingUrl(coach: { calendlyLink: string | null }, invitee: Invitee): string | null;
  /** Reads a webhook delivery; throws SchedulingSignatureError when it is not the scheduler's. Null for events of no interest. */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): SchedulingEvent | null;
}
