import { parseIsoDate, type CalendarDate } from '../delivery/calendar-date';
import { ukCalendarDate } from '../delivery/uk-clock';

export { parseIsoDate } from '../delivery/calendar-date';

/** 'today' is the UK calendar day: an ISO date, or an instant read on the UK clock. */
export type Today = string | Date;

/** The UK calendar date ('YYYY-MM-DD') at an instant; summer time moves midnight. */
export function ukToday(instant: Date): string {
  return ukCalendarDate(instant);
}

function todayAsDate(today: Today): CalendarDate {
  const date = parseIsoDate(typeof today === 'string' ? today : ukToday(today));
  if (!date) throw new RangeError(`Not a calendar date: ${String(today)}`);
  return date;
}

/**
 * Whole years from an ISO birth date to today, or null when the birth date does not exist.
 * The birthday itself counts, and a 29 February birthday falls on 1 March in other years.
 */
export function ageOn(birthday: string, today: Today): number | null {
  const born = parseIsoDate(birthday);
  if (!born) return null;
  const now = todayAsDate(today);
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  return now.year - born.year - (hadBirthday ? 0 : 1);
}
