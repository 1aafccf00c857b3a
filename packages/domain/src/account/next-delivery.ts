import { z } from 'zod';
import { addDays, parseIsoDate, type IsoDate } from '../delivery/calendar-date';
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from '../delivery/bank-holidays';
import { deliveryWindow } from '../delivery/estimate';
import { isWorkingDay } from '../delivery/working-days';

/** How far a patient may push a delivery back from the date it is now scheduled for. */
export const MAX_DELIVERY_POSTPONEMENT_DAYS = 28;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '1 December 2026'. */
export function formatLongDate(date: IsoDate): string {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`Not a calendar date: ${date}`);
  return `${parsed.day} ${MONTHS[parsed.month - 1]} ${parsed.year}`;
}

export const NEXT_DELIVERY_MESSAGES = {
  invalidDate: 'Please enter correct date',
  notActive: 'Only an active plan can have its delivery date changed.',
  notWorkingDay: 'We deliver on working days only. Please choose a weekday that is not a bank holiday.',
  tooEarly: (earliest: IsoDate) => `The earliest we can deliver is ${formatLongDate(earliest)}.`,
  tooLate: (latest: IsoDate) => `You can move this delivery to ${formatLongDate(latest)} at the latest.`,
} as const;

/** PUT /shop-api/subscriptions/{id}/next-delivery. */
export const nextDeliveryChangeSchema = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, NEXT_DELIVERY_MESSAGES.invalidDate) });
export type NextDeliveryChange = z.infer<typeof nextDeliveryChangeSchema>;

export interface NextDeliveryLimits {
  earliest: IsoDate;
  latest: IsoDate;
}

/**
 * The dates a next delivery may move to, asked at `now`: no sooner than the end of the standard delivery
 * window of an order dispatched now (the pharmacy must still be able to send it; SPEC §9 two working days,
 * cut-off 15:45), and no later than 28 days after the date now scheduled (the clinic's review of the
 * treatment keeps its rhythm). A delivery already due sooner than the earliest date can still only move
 * within those limits.
 */
export function nextDeliveryLimits(scheduled: IsoDate, now: Date, bankHolidays: Iterable<IsoDate> = ENGLAND_AND_WALES_BANK_HOLIDAYS): NextDeliveryLimits {
  const earliest = deliveryWindow(now, { bankHolidays }).to;
  const latest = addDays(scheduled, MAX_DELIVERY_POSTPONEMENT_DAYS);
  return { earliest, latest: latest < earliest ? earliest : latest };
}

export type NextDeliveryCheck = { ok: true; date: IsoDate } | { ok: false; message: string };

/** Whether a plan's next delivery may move to `date`; the message says what would be allowed. */
export function checkNextDeliveryChange(input: {
  date: string;
  scheduled: IsoDate;
  subscriptionState: string;
  now: Date;
  bankHolidays?: Iterable<IsoDate>;
}): NextDeliveryCheck {
  const holidays = [...(input.bankHolidays ?? ENGLAND_AND_WALES_BANK_HOLIDAYS)];
  if (input.subscriptionState !== 'active') return { ok: false, message: NEXT_DELIVERY_MESSAGES.notActive };
  if (!parseIsoDate(input.date)) return { ok: false, message: NEXT_DELIVERY_MESSAGES.invalidDate };
  const { earliest, latest } = nextDeliveryLimits(input.scheduled, input.now, holidays);
  if (input.date < earliest) return { ok: false, message: NEXT_DELIVERY_MESSAGES.tooEarly(earliest) };
  if (input.date > latest) return { ok: false, message: NEXT_DELIVERY_MESSAGES.tooLate(latest) };
  if (!isWorkingDay(input.date, new Set(holidays))) return { ok: false, message: NEXT_DELIVERY_MESSAGES.notWorkingDay };
  return { ok: true, date: input.date };
}
