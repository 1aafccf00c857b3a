import type { IsoDate } from './calendar-date';

/**
 * UK wall-clock time of an instant (Europe/London, so BST and GMT both handled by the
 * platform's time-zone data). Pure: the instant is always passed in.
 */
export interface UkWallClock {
  date: IsoDate;
  /** Minutes since UK midnight, 0–1439. */
  minutes: number;
}

/**
 * Since 1996 UK summer time runs from 01:00 GMT on the last Sunday of March to 01:00 GMT on the last Sunday of
 * October (Summer Time Order 2002, SI 2002/262, as the 1997 order before it). Worked out here rather than through
 * Intl.DateTimeFormat, whose first use loads the platform's time-zone data: tens of milliseconds on a phone, paid
 * by every page that knows today's date. Earlier instants ask the platform.
 */
const FIRST_YEAR_OF_THE_RULE = 1996;
const HOUR_MS = 60 * 60 * 1000;

function lastSundayAtOneGmt(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

function londonOffsetMs(instant: number, year: number): number {
  return instant >= lastSundayAtOneGmt(year, 2) && instant < lastSundayAtOneGmt(year, 9) ? HOUR_MS : 0;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

export function ukWallClock(instant: Date): UkWallClock {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid instant');
  const year = instant.getUTCFullYear();
  if (year < FIRST_YEAR_OF_THE_RULE) return platformWallClock(instant);
  const local = new Date(time + londonOffsetMs(time, year));
  return {
    date: `${local.getUTCFullYear()}-${twoDigits(local.getUTCMonth() + 1)}-${twoDigits(local.getUTCDate())}`,
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

let londonParts: Intl.DateTimeFormat | null = null;

/** The UK wall clock as the platform's time-zone data has it. */
export function platformWallClock(instant: Date): UkWallClock {
  londonParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = londonParts.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** The calendar date in the UK at that instant. */
export function ukCalendarDate(instant: Date): IsoDate {
  return ukWallClock(instant).date;
}
