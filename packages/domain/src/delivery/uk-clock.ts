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

// Made on first use: building it loads the platform's time-zone data, which a page that never asks should not pay for.
let londonParts: Intl.DateTimeFormat | null = null;
const londonFormat = () =>
  (londonParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

export function ukWallClock(instant: Date): UkWallClock {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
  const parts = londonFormat().formatToParts(instant);
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
