/**
 * Calendar dates as ISO strings ('YYYY-MM-DD') with no time zone: a day in the UK is a day,
 * whatever instant it started at. Arithmetic goes through UTC so no local clock leaks in.
 */
export type IsoDate = string;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** The months as patients read them in dates (DESIGN.md: '22 Nov. 2026'; May takes no stop). */
export const DISPLAY_MONTHS = ['Jan.', 'Feb.', 'Mar.', 'Apr.', 'May', 'Jun.', 'Jul.', 'Aug.', 'Sep.', 'Oct.', 'Nov.', 'Dec.'] as const;

function utcDate(year: number, month: number, day: number): Date {
  const date = new Date(Date.UTC(2000, 0, 1));
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

function fromUtcDate(date: Date): IsoDate {
  return isoDate({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

export function isoDate({ year, month, day }: CalendarDate): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date if it exists on the calendar (31/02 does not; 29/02 only in leap years), else null. */
export function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (![year, month, day].every(Number.isInteger) || year < 1 || year > 9999) return null;
  if (month < 1 || month > 12 || day < 1) return null;
  const date = utcDate(year, month, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? { year, month, day } : null;
}

export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function requireIsoDate(value: IsoDate): CalendarDate {
  const date = parseIsoDate(value);
  if (!date) throw new RangeError(`Not a calendar date: ${value}`);
  return date;
}

export function addDays(value: IsoDate, days: number): IsoDate {
  const { year, month, day } = requireIsoDate(value);
  return fromUtcDate(utcDate(year, month, day + days));
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(value: IsoDate): number {
  const { year, month, day } = requireIsoDate(value);
  return utcDate(year, month, day).getUTCDay();
}

/** '22 Nov. 2026' (DESIGN.md) for '2026-11-22'; anything that is not a calendar date, unchanged. */
export function displayDate(date: string): string {
  const parsed = parseIsoDate(date);
  return parsed ? `${parsed.day} ${DISPLAY_MONTHS[parsed.month - 1]} ${parsed.year}` : date;
}
