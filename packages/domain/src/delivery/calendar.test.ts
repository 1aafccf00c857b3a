import { describe, expect, it } from 'vitest';
import { addDays, calendarDate, dayOfWeek, isoDate, parseIsoDate } from './calendar-date';
import { platformWallClock, ukCalendarDate, ukWallClock } from './uk-clock';
import { isWorkingDay, nextWorkingDay } from './working-days';

describe('calendar dates', () => {
  it('knows which days exist', () => {
    expect(calendarDate(2024, 2, 29)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(calendarDate(2023, 2, 29)).toBeNull();
    expect(calendarDate(2000, 2, 29)).not.toBeNull();
    expect(calendarDate(1900, 2, 29)).toBeNull();
    expect(calendarDate(2026, 4, 31)).toBeNull();
    expect(calendarDate(2026, 0, 1)).toBeNull();
    expect(calendarDate(2026, 13, 1)).toBeNull();
    expect(calendarDate(2026, 1, 0)).toBeNull();
    expect(calendarDate(0, 1, 1)).toBeNull();
    expect(calendarDate(2026, 1.5, 1)).toBeNull();
    expect(calendarDate(50, 6, 15)).toEqual({ year: 50, month: 6, day: 15 });
  });
  it('parses and prints ISO dates', () => {
    expect(parseIsoDate('2026-11-22')).toEqual({ year: 2026, month: 11, day: 22 });
    expect(parseIsoDate('2026-11-31')).toBeNull();
    expect(parseIsoDate('2026-1-5')).toBeNull();
    expect(parseIsoDate('22/11/2026')).toBeNull();
    expect(isoDate({ year: 50, month: 6, day: 5 })).toBe('0050-06-05');
  });
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });
  it('names the weekday, Sunday first', () => {
    expect(dayOfWeek('2026-11-22')).toBe(0);
    expect(dayOfWeek('2026-11-23')).toBe(1);
    expect(dayOfWeek('2026-11-28')).toBe(6);
  });
});

describe('UK wall clock', () => {
  it.each([
    ['2026-11-18T15:44:00Z', '2026-11-18', 944],
    ['2026-07-15T14:44:00Z', '2026-07-15', 944],
    ['2026-07-15T15:30:00Z', '2026-07-15', 990],
    ['2026-07-12T23:30:00Z', '2026-07-13', 30],
    ['2026-12-31T23:59:00Z', '2026-12-31', 1439],
    // Spring forward: 01:00 GMT becomes 02:00 BST.
    ['2026-03-29T00:59:00Z', '2026-03-29', 59],
    ['2026-03-29T01:00:00Z', '2026-03-29', 120],
    // Fall back: 02:00 BST becomes 01:00 GMT.
    ['2026-10-25T00:59:00Z', '2026-10-25', 119],
    ['2026-10-25T01:00:00Z', '2026-10-25', 60],
    ['2027-03-28T01:00:00Z', '2027-03-28', 120],
    ['2027-10-31T01:00:00Z', '2027-10-31', 60],
  ])('%s is %s at minute %d', (instant, date, minutes) => {
    expect(ukWallClock(new Date(instant))).toEqual({ date, minutes });
    expect(ukCalendarDate(new Date(instant))).toBe(date);
  });
  it('refuses an invalid instant', () => {
    expect(() => ukWallClock(new Date('nope'))).toThrow(RangeError);
  });

  it("agrees with the platform's time-zone data every six hours and either side of each change, 1996 to 2045", () => {
    const minute = 60_000;
    const instants: number[] = [];
    for (let at = Date.UTC(1996, 0, 1); at < Date.UTC(2046, 0, 1); at += 6 * 60 * minute) instants.push(at);
    for (let year = 1996; year <= 2045; year += 1) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        instants.push(change - minute, change, change + minute, change + 23 * 60 * minute);
      }
    }
    // One assertion over the mismatches: 73,000 expect() calls took seconds more than the comparison itself.
    const mismatches = instants.filter((at) => {
      const [ours, platform] = [ukWallClock(new Date(at)), platformWallClock(new Date(at))];
      return ours.date !== platform.date || ours.minutes !== platform.minutes;
    });
    expect(mismatches.map((at) => new Date(at).toISOString())).toEqual([]);
  });

  it('asks the platform before the present rule began (summer time ended on 22 October 1995)', () => {
    expect(ukWallClock(new Date('1995-10-25T12:00:00Z'))).toEqual({ date: '1995-10-25', minutes: 720 });
  });
});

describe('working days', () => {
  const holidays = new Set(['2026-08-31']);
  it('skips weekends and holidays', () => {
    expect(isWorkingDay('2026-08-28', holidays)).toBe(true);
    expect(isWorkingDay('2026-08-29', holidays)).toBe(false);
    expect(isWorkingDay('2026-08-30', holidays)).toBe(false);
    expect(isWorkingDay('2026-08-31', holidays)).toBe(false);
    expect(nextWorkingDay('2026-08-28', holidays)).toBe('2026-09-01');
    expect(nextWorkingDay('2026-08-27', holidays)).toBe('2026-08-28');
  });
});
