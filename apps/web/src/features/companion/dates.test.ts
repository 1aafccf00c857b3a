import { describe, expect, it } from 'vitest';
import { formatDay, formatDoseTime, instantFromUkValue, ukDateTimeValue } from './dates';

describe('companion dates, UK time', () => {
  it('writes days and dose times the DESIGN.md way', () => {
    expect(formatDay('2026-12-01')).toBe('1 Dec. 2026');
    expect(formatDay('2027-05-09')).toBe('9 May 2027');
    expect(formatDoseTime('2026-12-01T18:30:00.000Z')).toBe('1 Dec. 2026, 6:30pm');
    // BST: 00:05 UTC on 1 June is 1:05am in the UK.
    expect(formatDoseTime('2027-06-01T00:05:00.000Z')).toBe('1 Jun. 2027, 1:05am');
  });

  it('reads a date-and-time field as UK time, both ways', () => {
    expect(ukDateTimeValue(new Date('2027-06-01T17:45:00Z'))).toBe('2027-06-01T18:45');
    expect(instantFromUkValue('2027-06-01T18:45')).toBe('2027-06-01T17:45:00.000Z');
    expect(instantFromUkValue('2026-12-01T18:45')).toBe('2026-12-01T18:45:00.000Z');
    expect(instantFromUkValue('')).toBeNull();
    expect(instantFromUkValue('2026-02-30T10:00')).toBeNull();
  });
});
