import { calendarDate, isoDate, type IsoDate } from '../delivery/calendar-date';
import { ageOn, type Today } from './age';

export const BIRTHDAY_PLACEHOLDER = 'Date of birth (DD/MM/YYYY)';
export const BIRTHDAY_INCOMPLETE_MESSAGE = 'Please enter your date of birth';
export const BIRTHDAY_UNPARSEABLE_MESSAGE = 'Please enter correct date';
export const DEFAULT_MIN_AGE = 18;
export const DEFAULT_MAX_AGE = 100;

export const birthdayTooYoungMessage = (min: number) => `You need to be over ${min} in order to proceed`;
export const birthdayTooOldMessage = (max: number) =>
  `If you've made it past ${max}, then you probably don't need our help`;

/**
 * Keeps up to 8 digits and lays them out as DD/MM/YYYY while typing: '1203' → '12/03'.
 * No trailing slash is added, so backspacing over a separator never gets stuck.
 */
export function formatBirthdayInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** 'DD/MM/YYYY' (or the bare 'DDMMYYYY') → 'YYYY-MM-DD' for a real calendar date, else null. */
export function parseBirthday(value: string): IsoDate | null {
  const match = /^(\d{2})\/?(\d{2})\/?(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const date = calendarDate(Number(match[3]), Number(match[2]), Number(match[1]));
  return date ? isoDate(date) : null;
}

export interface BirthdayRuleOptions {
  today: Today;
  minAge?: number;
  maxAge?: number;
  /** The checkout experiment says 'Required' instead. */
  incompleteMessage?: string;
}

/** The message to show for a birthday field, or null when it is a date within the age bounds. */
export function birthdayError(raw: string | null | undefined, options: BirthdayRuleOptions): string | null {
  const value = raw ?? '';
  if (value.replace(/\D/g, '').length < 8) return options.incompleteMessage ?? BIRTHDAY_INCOMPLETE_MESSAGE;
  const iso = parseBirthday(value);
  if (!iso) return BIRTHDAY_UNPARSEABLE_MESSAGE;
  const age = ageOn(iso, options.today)!;
  const min = options.minAge ?? DEFAULT_MIN_AGE;
  const max = options.maxAge ?? DEFAULT_MAX_AGE;
  if (age < min) return birthdayTooYoungMessage(min);
  if (age > max) return birthdayTooOldMessage(max);
  return null;
}
