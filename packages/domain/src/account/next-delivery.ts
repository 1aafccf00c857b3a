import { z } from 'zod';
import { addDays, parseIsoDate, type IsoDate } from '../delivery/calendar-date';
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from '../delivery/bank-holidays';
import { deliveryWindow } from '../delivery/estimate';
import { ukCalendarDate } from '../delivery/uk-clock';
import { isWorkingDay, nextWorkingDay } from '../delivery/working-days';

/** How far a patient may push a delivery back from the date it is now scheduled for. */
export const MAX_DELIVERY_POSTPONEMENT_DAYS = 28;

/**
 * Clinic policy against stockpiling: the next supply of a plan may arrive at most this many days before the last one
 * runs out (its dispatch plus the plan's frequency). The GPhC's guidance for pharmacies providing services at a
 * distance (2019) asks for safeguards against medicines being ordered too often or in inappropriate quantities. One
 * week is one dose of the weekly weight-loss injections: a patient going away can have the next supply a week early,
 * but never holds more than a week's doses beyond the supply they are using.
 */
export const EARLY_RESUPPLY_TOLERANCE_DAYS = 7;

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
  inReview: (orderNumber: string) =>
    `Your order ${orderNumber} is with our prescriber, so your delivery date cannot change until they have decided. We will email you as soon as they have.`,
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

/** What a plan has supplied so far: the earliest next delivery depends on it. */
export interface PlanSupply {
  /** Days one supply lasts: the plan's frequency (30 or 90). */
  frequency: number;
  /** The UK date the plan's last supply was dispatched; null before the first. */
  lastDispatchedOn: IsoDate | null;
  /** A supply approved and not yet dispatched: it goes out today at the soonest. */
  awaitingDispatch: boolean;
  /** The number of an order of the plan a prescriber has not decided yet: nothing moves until they have. */
  orderInReview: string | null;
}

/** The first day the next supply may arrive, by the supply the patient has (null: none sent or approved yet). */
export function earliestResupply(supply: PlanSupply, today: IsoDate): IsoDate | null {
  const lastSupplyOn = supply.awaitingDispatch ? today : supply.lastDispatchedOn;
  return lastSupplyOn ? addDays(lastSupplyOn, supply.frequency - EARLY_RESUPPLY_TOLERANCE_DAYS) : null;
}

/**
 * The dates a next delivery may move to, asked at `now`. No sooner than the later of the end of the standard delivery
 * window of an order dispatched now (the pharmacy must still be able to send it; SPEC §9 two working days, cut-off
 * 15:45) and the day the supply the patient has allows (earliestResupply), moved on to a working day; no later than
 * 28 days after the date now scheduled (the clinic's review of the treatment keeps its rhythm). A delivery already due
 * sooner than the earliest date can still only move within those limits.
 */
export function nextDeliveryLimits(scheduled: IsoDate, now: Date, supply: PlanSupply, bankHolidays: Iterable<IsoDate> = ENGLAND_AND_WALES_BANK_HOLIDAYS): NextDeliveryLimits {
  const holidays = new Set(bankHolidays);
  const window = deliveryWindow(now, { bankHolidays: holidays }).to;
  const resupply = earliestResupply(supply, ukCalendarDate(now));
  const earliest = resupply && resupply > window ? (isWorkingDay(resupply, holidays) ? resupply : nextWorkingDay(resupply, holidays)) : window;
  const latest = addDays(scheduled, MAX_DELIVERY_POSTPONEMENT_DAYS);
  return { earliest, latest: latest < earliest ? earliest : latest };
}

/** Whether the next delivery may move now: its limits, or why not (an order of the plan in review, a plan not active). */
export function nextDeliveryOptions(
  plan: { state: string; scheduled: IsoDate },
  supply: PlanSupply,
  now: Date,
  bankHolidays: Iterable<IsoDate> = ENGLAND_AND_WALES_BANK_HOLIDAYS,
): { limits: NextDeliveryLimits; refusal: null } | { limits: null; refusal: string } {
  if (supply.orderInReview) return { limits: null, refusal: NEXT_DELIVERY_MESSAGES.inReview(supply.orderInReview) };
  if (plan.state !== 'active') return { limits: null, refusal: NEXT_DELIVERY_MESSAGES.notActive };
  return { limits: nextDeliveryLimits(plan.scheduled, now, supply, bankHolidays), refusal: null };
}

/** What is wrong with `date` within `limits` (the API's check and the date picker's), or null when it will do. */
export function nextDeliveryDateProblem(date: string, limits: NextDeliveryLimits, bankHolidays: Iterable<IsoDate> = ENGLAND_AND_WALES_BANK_HOLIDAYS): string | null {
  if (!parseIsoDate(date)) return NEXT_DELIVERY_MESSAGES.invalidDate;
  if (date < limits.earliest) return NEXT_DELIVERY_MESSAGES.tooEarly(limits.earliest);
  if (date > limits.latest) return NEXT_DELIVERY_MESSAGES.tooLate(limits.latest);
  if (!isWorkingDay(date, new Set(bankHolidays))) return NEXT_DELIVERY_MESSAGES.notWorkingDay;
  return null;
}

export type NextDeliveryCheck = { ok: true; date: IsoDate } | { ok: false; message: string };

/** Whether a plan's next delivery may move to `date`; the message says what would be allowed. */
export function checkNextDeliveryChange(input: {
  date: string;
  scheduled: IsoDate;
  subscriptionState: string;
  supply: PlanSupply;
  now: Date;
  bankHolidays?: Iterable<IsoDate>;
}): NextDeliveryCheck {
  const holidays = [...(input.bankHolidays ?? ENGLAND_AND_WALES_BANK_HOLIDAYS)];
  const options = nextDeliveryOptions({ state: input.subscriptionState, scheduled: input.scheduled }, input.supply, input.now, holidays);
  if (!options.limits) return { ok: false, message: options.refusal };
  const problem = nextDeliveryDateProblem(input.date, options.limits, holidays);
  return problem ? { ok: false, message: problem } : { ok: true, date: input.date };
}
