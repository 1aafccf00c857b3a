import { addDays, type IsoDate } from '../delivery/calendar-date';

/** A weight-loss check-in is asked for this many days ahead of each renewal. */
export const CHECK_IN_LEAD_DAYS = 7;

/** Whether a renewal on `nextDelivery` is close enough, seen on the UK date `today`, to ask for a check-in. */
export function isCheckInDue(nextDelivery: IsoDate, today: IsoDate): boolean {
  return nextDelivery <= addDays(today, CHECK_IN_LEAD_DAYS);
}
