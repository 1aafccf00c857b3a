import { z } from 'zod';
import { formatLongDate } from '../account/next-delivery';
import { addDays, type IsoDate } from '../delivery/calendar-date';

/**
 * Coaching is part of the weight-loss programme, so it is for patients a prescriber has approved a weight-loss
 * treatment for, while they are on it and in the after-care that follows: this many days after their last approved
 * supply runs out. A UK clinic keeps supporting a patient who stops, because that is when weight comes back (STEP 1
 * extension: two-thirds of the weight lost on semaglutide regained within a year of stopping; NICE NG246 asks for
 * support to maintain weight loss after medicines stop). Six months covers the first half of that year; longer
 * support is a new course of treatment.
 */
export const COACHING_AFTER_CARE_DAYS = 182;
/** Coach calls a patient may have booked ahead at once (the API's COACH_MAX_UPCOMING_CALLS may change it). */
export const MAX_UPCOMING_COACH_CALLS = 1;
/** One supply lasts a month unless the plan says longer (a one-off, frequency 1, is a month's pack). */
const SHORTEST_SUPPLY_DAYS = 30;

/** The patient's weight-loss treatment, as coaching depends on it. */
export interface WeightLossTreatment {
  /** The latest prescriber approval of a weight-loss order (UK date) and the days that supply lasts; null: none approved. */
  lastApproval: { on: IsoDate; frequency: number } | null;
  /** A weight-loss order waiting for the prescriber. */
  awaitingApproval: boolean;
}

export const COACHING_MESSAGES = {
  noPlan: 'Coaching is part of our weight-loss programme. You can choose a coach and book calls once a prescriber has approved your weight-loss treatment.',
  awaitingApproval: 'Your weight-loss order is with our prescriber. Once they have approved your treatment, you can choose a coach and book calls here.',
  afterCareEnded: (ended: IsoDate) =>
    `Your coaching ended on ${formatLongDate(ended)}, six months after your last weight-loss treatment. To start again, order your treatment again or contact our support team.`,
  callLimit: (limit: number) =>
    limit === 1
      ? 'You already have a coach call booked. You can book your next call once it has taken place, or move it from your appointments.'
      : `You already have ${limit} coach calls booked. You can book another once one has taken place, or move one from your appointments.`,
} as const;

export type CoachingEligibility = { eligible: true; until: IsoDate } | { eligible: false; message: string };

/** The last day of after-care: the approved supply's end plus COACHING_AFTER_CARE_DAYS. */
export function coachingEndsOn(approval: { on: IsoDate; frequency: number }): IsoDate {
  return addDays(approval.on, Math.max(approval.frequency, SHORTEST_SUPPLY_DAYS) + COACHING_AFTER_CARE_DAYS);
}

/** Whether a patient may have a coach and book calls on `today`, or what they are told instead. */
export function coachingEligibility(treatment: WeightLossTreatment, today: IsoDate): CoachingEligibility {
  if (treatment.lastApproval) {
    const until = coachingEndsOn(treatment.lastApproval);
    if (today <= until) return { eligible: true, until };
    if (!treatment.awaitingApproval) return { eligible: false, message: COACHING_MESSAGES.afterCareEnded(until) };
  }
  return { eligible: false, message: treatment.awaitingApproval ? COACHING_MESSAGES.awaitingApproval : COACHING_MESSAGES.noPlan };
}

/** Whether one more call may be booked, with `upcoming` calls already booked ahead. */
export function mayBookCoachCall(upcoming: number, limit: number = MAX_UPCOMING_COACH_CALLS): boolean {
  return upcoming < limit;
}

/** GET /shop-api/coaching: whether the patient may have a coach and book a call now, and why not. */
export const coachingStatusSchema = z.object({
  eligible: z.boolean(),
  /** Why the patient cannot have coaching now; null when they can. */
  message: z.string().nullable(),
  /** The last day of coaching (after-care included), while eligible. */
  until: z.string().nullable(),
  /** Whether a new call may be booked now (eligible and under the limit of calls booked ahead). */
  canBook: z.boolean(),
  /** Why not, when eligible: the limit of calls booked ahead. */
  bookingMessage: z.string().nullable(),
  maxUpcomingCalls: z.number().int(),
  upcomingCalls: z.number().int(),
});
export type CoachingStatus = z.infer<typeof coachingStatusSchema>;
