import { describe, expect, it } from 'vitest';
import { ageOn, parseIsoDate, ukToday } from './age';

describe('ageOn', () => {
  it.each([
    ['2008-11-22', '2026-11-22', 18],
    ['2008-11-23', '2026-11-22', 17],
    ['2008-11-21', '2026-11-22', 18],
    ['1952-03-01', '2026-02-28', 73],
    ['1952-03-01', '2026-03-01', 74],
    ['2000-02-29', '2027-02-28', 26],
    ['2000-02-29', '2027-03-01', 27],
  ])('born %s is %i on %s', (birth, today, age) => {
    expect(ageOn(birth, today)).toBe(age);
  });

  it('is null for a date that does not exist', () => {
    expect(ageOn('2001-02-29', '2026-01-01')).toBeNull();
    expect(ageOn('not a date', '2026-01-01')).toBeNull();
  });
});

describe('parseIsoDate', () => {
  it('accepts real days only', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2023-13-01')).toBeNull();
  });
});

describe('ukToday', () => {
  it('uses the UK date, not UTC, across midnight in summer time', () => {
    expect(ukToday(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(ukToday(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
  });
});
