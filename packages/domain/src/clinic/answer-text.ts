import { parseIsoDate, SHORT_MONTHS } from '../delivery/calendar-date';
import { ageOn, type Today } from '../identity/age';
import { parseMeasurementAnswer, parseWeightAnswer, type HeightEntry, type WeightEntry } from '../measurements/answer';
import { answerKind, splitProductChoice } from '../quiz/question-types';
import { WEEKDAYS } from '../quiz/answers';
import { WEEKDAY_LABELS } from '../reminders/reminders';

/**
 * Staff read a patient's answers as a person writes them, in the units the patient answered in: the clinic's order
 * review, the packing slip and the audit export all word them here.
 */

export const NOT_ANSWERED = 'Not answered';

export interface AnswerWording {
  /** The patient's age is counted on this UK day. */
  today: Today;
  /** A product's name by its code ('WEGOVY' is 'Wegovy'); a code without one is shown as it is. */
  productNames?: Readonly<Record<string, string>>;
}

interface WordedQuestion {
  type: string;
  options: readonly { value: string; text: string }[];
}

/** '1 Jan 1985': a calendar date ('YYYY-MM-DD'); anything else unchanged. */
export function calendarDateText(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? `${date.day} ${SHORT_MONTHS[date.month - 1]} ${date.year}` : iso;
}

/** '1 Jan 1985 (41)': a date of birth with the age it makes today. */
export function dateOfBirthText(iso: string, today: Today): string {
  const age = ageOn(iso, today);
  return age === null ? iso : `${calendarDateText(iso)} (${age})`;
}

/** 'Wegovy, Mounjaro' for ['WEGOVY', 'MOUNJARO']. */
export function productNamesText(codes: readonly string[], names: Readonly<Record<string, string>> = {}): string {
  return codes.map((code) => names[code] ?? code).join(', ');
}

const trim = (value: number) => String(Math.round(value * 100) / 100);

function entryValue(entries: readonly { type: string; value: number }[], type: string): number {
  return entries.find((entry) => entry.type === type)?.value ?? 0;
}

/** '100 kg' or '15 st 10 lb', as typed. */
export function weightEntriesText(entries: readonly Pick<WeightEntry, 'type' | 'value'>[]): string {
  if (entries.some((entry) => entry.type === 'kg')) return `${trim(entryValue(entries, 'kg'))} kg`;
  return `${trim(entryValue(entries, 'stone'))} st ${trim(entryValue(entries, 'lbs'))} lb`;
}

/** '170 cm' or '5 ft 7 in', as typed. */
export function heightEntriesText(entries: readonly Pick<HeightEntry, 'type' | 'value'>[]): string {
  if (entries.some((entry) => entry.type === 'cm')) return `${trim(entryValue(entries, 'cm'))} cm`;
  return `${trim(entryValue(entries, 'feet'))} ft ${trim(entryValue(entries, 'inches'))} in`;
}

/** A week day's name, 'Monday'. */
export const weekdayName = (day: (typeof WEEKDAYS)[number]): string => WEEKDAY_LABELS[day];

function optionText(question: WordedQuestion, value: unknown, wording: AnswerWording): string {
  const option = question.options.find((candidate) => candidate.value === value);
  if (option) return option.text;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'string') return String(value);
  if (answerKind(question.type) !== 'productChoice') return value;
  const { product, dose } = splitProductChoice(value);
  return [wording.productNames?.[product] ?? product, dose].filter(Boolean).join(', ');
}

function contactTimeText(question: WordedQuestion, value: unknown, wording: AnswerWording): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { period, day } = value as { period?: unknown; day?: unknown };
  const periods = Array.isArray(period) ? period.map((item) => optionText(question, item, wording)) : [];
  const days = Array.isArray(day) ? WEEKDAYS.filter((name) => day.includes(name)).map(weekdayName) : [];
  if (periods.length === 0 && days.length === 0) return NOT_ANSWERED;
  return `${periods.length ? periods.join(', ') : 'Any time of day'}; ${days.length ? days.join(', ') : 'any day'}`;
}

/**
 * One answer in words: a choice as its option's text, a height and weight as '100 kg · 170 cm · BMI 34.6' (or
 * '15 st 10 lb · 5 ft 7 in · BMI 34.6' when so answered), a date of birth as '1 Jan 1985 (41)', contact times as
 * 'Morning (9am to 12pm); Monday, Thursday'. Never the stored JSON: an answer that cannot be read says so.
 */
export function answerInWords(question: WordedQuestion, answer: unknown, wording: AnswerWording): string {
  if (answer === null || answer === undefined || answer === '' || (Array.isArray(answer) && answer.length === 0)) return NOT_ANSWERED;
  const unreadable = 'Could not be read';
  switch (answerKind(question.type)) {
    case 'bmi': {
      const measured = parseMeasurementAnswer(answer);
      return measured ? `${weightEntriesText(measured.weight)} · ${heightEntriesText(measured.height)} · BMI ${measured.bmi.toFixed(1)}` : unreadable;
    }
    case 'weight': {
      const weight = parseWeightAnswer(answer);
      return weight ? weightEntriesText(weight.weight) : unreadable;
    }
    case 'datetime':
      return contactTimeText(question, answer, wording) ?? unreadable;
    case 'dateOfBirth':
      return typeof answer === 'string' ? dateOfBirthText(answer, wording.today) : unreadable;
    case 'date':
      return typeof answer === 'string' ? calendarDateText(answer) : unreadable;
    case 'count':
      return typeof answer === 'number' ? String(answer) : unreadable;
    default:
      if (Array.isArray(answer)) return answer.map((value) => optionText(question, value, wording)).join(', ');
      if (typeof answer === 'string' || typeof answer === 'number' || typeof answer === 'boolean') return optionText(question, answer, wording);
      return unreadable;
  }
}
