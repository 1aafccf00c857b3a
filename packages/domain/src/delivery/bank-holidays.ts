import type { IsoDate } from './calendar-date';

/**
 * England and Wales bank holidays (gov.uk), where the pharmacy dispatches from.
 * Substitute days included: Boxing Day 2026 is a Saturday, Christmas and Boxing Day 2027 a
 * weekend. Extend each year; dates past the list are treated as ordinary days.
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: readonly IsoDate[] = [
  '2026-01-01', // New Year's Day
  '2026-04-03', // Good Friday
  '2026-04-06', // Easter Monday
  '2026-05-04', // Early May bank holiday
  '2026-05-25', // Spring bank holiday
  '2026-08-31', // Summer bank holiday
  '2026-12-25', // Christmas Day
  '2026-12-28', // Boxing Day (substitute day)
  '2027-01-01', // New Year's Day
  '2027-03-26', // Good Friday
  '2027-03-29', // Easter Monday
  '2027-05-03', // Early May bank holiday
  '2027-05-31', // Spring bank holiday
  '2027-08-30', // Summer bank holiday
  '2027-12-27', // Christmas Day (substitute day)
  '2027-12-28', // Boxing Day (substitute day)
  '2028-01-03', // New Year's Day (substitute day): late-2027 windows reach it
];
