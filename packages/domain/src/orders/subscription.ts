import { addDays, type IsoDate } from '../delivery/calendar-date';
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from '../delivery/bank-holidays';
import { deliveryWindow } from '../delivery/estimate';
import { isWorkingDay } from '../delivery/working-days';

/** Subscriptions deliver every 30 (monthly) or 90 (quarterly) days; 1 is a one-off and starts none. */
export const SUBSCRIPTION_FREQUENCIES = [30, 90] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];

export function isSubscriptionFrequency(frequency: number): frequency is SubscriptionFrequency {
  return (SUBSCRIPTION_FREQUENCIES as readonly number[]).includes(frequency);
}

/**
 * The subscription's next delivery after the one this order starts: `frequency` days after the last day of the
 * first delivery's window (so a patient is never sent a new supply before the first could have run out), moved
 * on to the next working day when it falls on a weekend or bank holiday (nothing is delivered then).
 */
export function nextSubscriptionDelivery(
  placedAt: Date,
  frequency: SubscriptionFrequency,
  bankHolidays: Iterable<IsoDate> = ENGLAND_AND_WALES_BANK_HOLIDAYS,
): IsoDate {
  const holidays = new Set(bankHolidays);
  let date = addDays(deliveryWindow(placedAt, { bankHolidays: holidays }).to, frequency);
  while (!isWorkingDay(date, holidays)) date = addDays(date, 1);
  return date;
}
