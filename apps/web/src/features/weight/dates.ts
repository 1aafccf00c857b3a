import { formatLongDate, ukCalendarDate } from '@elmwood/domain';

/** '22 Nov. 2026', the day in the UK. */
export const ukDay = (instant: string) => formatLongDate(ukCalendarDate(new Date(instant)));

const shortDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short' });
/** '22 Nov', for a chart's axis. */
export const ukShortDay = (instant: number) => shortDay.format(new Date(instant));

/**
 * Noon in London on a calendar day, as an ISO instant: a weight logged for a past day sits in the middle of that
 * day whatever the offset (GMT or BST), so it never slips into the day before or after.
 */
export function londonNoon(date: string): string {
  const utcNoon = new Date(`${date}T12:00:00Z`);
  const londonHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', hourCycle: 'h23' }).format(utcNoon));
  return new Date(utcNoon.getTime() - (londonHour - 12) * 3_600_000).toISOString();
}
