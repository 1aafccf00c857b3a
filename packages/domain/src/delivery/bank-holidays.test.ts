import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, isoDate } from './calendar-date';
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from './bank-holidays';

/** Easter Sunday (anonymous Gregorian computus). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate({ year, month, day });
}

const firstMonday = (year: number, month: number) => {
  let day = isoDate({ year, month, day: 1 });
  while (dayOfWeek(day) !== 1) day = addDays(day, 1);
  return day;
};
const lastMonday = (year: number, month: number) => {
  let day = addDays(isoDate({ year, month: month + 1, day: 1 }), -1);
  while (dayOfWeek(day) !== 1) day = addDays(day, -1);
  return day;
};
const isWeekend = (day: string) => dayOfWeek(day) === 0 || dayOfWeek(day) === 6;

/** Fixed-date holidays falling on a weekend move to the next weekday not already taken. */
function withSubstitutes(fixed: string[]): string[] {
  const taken: string[] = [];
  for (const day of fixed) {
    let observed = day;
    while (isWeekend(observed) || taken.includes(observed)) observed = addDays(observed, 1);
    taken.push(observed);
  }
  return taken;
}

function rulesFor(year: number): string[] {
  const easter = easterSunday(year);
  return [
    ...withSubstitutes([isoDate({ year, month: 1, day: 1 })]),
    addDays(easter, -2),
    addDays(easter, 1),
    firstMonday(year, 5),
    lastMonday(year, 5),
    lastMonday(year, 8),
    ...withSubstitutes([isoDate({ year, month: 12, day: 25 }), isoDate({ year, month: 12, day: 26 })]),
  ].sort();
}

describe('England and Wales bank holidays', () => {
  it('match the statutory rules for 2026 and 2027', () => {
    expect(ENGLAND_AND_WALES_BANK_HOLIDAYS.filter((day) => day < '2028')).toEqual([
      ...rulesFor(2026),
      ...rulesFor(2027),
    ]);
  });
  it('include the first 2028 holiday, which late-2027 windows reach', () => {
    expect(ENGLAND_AND_WALES_BANK_HOLIDAYS.filter((day) => day >= '2028')).toEqual([rulesFor(2028)[0]]);
  });
  it('are the published dates', () => {
    expect(ENGLAND_AND_WALES_BANK_HOLIDAYS).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-05-31',
      '2027-08-30',
      '2027-12-27',
      '2027-12-28',
      '2028-01-03',
    ]);
  });
  it('all fall on weekdays', () => {
    expect(ENGLAND_AND_WALES_BANK_HOLIDAYS.filter(isWeekend)).toEqual([]);
  });
});
