import { parseMeasurementAnswer, parseWeightAnswer } from '../measurements/answer';
import { parseIsoDate } from '../identity/age';
import { answerKind, invalidQuestionTypeMessage } from './question-types';
import type { Question } from './questionnaire';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const TEXT_ANSWER_MAX = 2000;
/** The largest whole number a count question takes (a year of weekly doses is 52). */
export const COUNT_ANSWER_MAX = 99;
export const COUNT_ANSWER_MESSAGE = `Please enter a whole number from 0 to ${COUNT_ANSWER_MAX}`;

type DatetimeWeekday = (typeof WEEKDAYS)[number];
export interface DatetimeAnswer {
  period: string[];
  day: DatetimeWeekday[];
}

/** Times of day and days of the week, as lists (unknown keys dropped), or null. */
function readDatetimeAnswer(value: unknown): DatetimeAnswer | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { period, day } = value as Record<string, unknown>;
  if (!Array.isArray(period) || !period.every((item) => typeof item === 'string')) return null;
  if (!Array.isArray(day) || !day.every((item) => WEEKDAYS.includes(item as DatetimeWeekday))) return null;
  return { period: period as string[], day: day as DatetimeWeekday[] };
}

export type AnswerCheck = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Checks one submitted answer against its question and returns the value to store. An empty value
 * clears the answer. The server runs this on every answer; the browser's checks are only a courtesy.
 */
export function checkAnswer(question: Question, value: unknown): AnswerCheck {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return { ok: true, value: null };
  }
  const kind = answerKind(question.type);
  const options = new Set(question.answers.map((option) => option.value));
  const fail = (message: string): AnswerCheck => ({ ok: false, message });

  switch (kind) {
    case null:
      return fail(invalidQuestionTypeMessage(question.type));
    case 'single':
    case 'productChoice':
      return typeof value === 'string' && options.has(value) ? { ok: true, value } : fail('Please choose one of the answers');
    case 'multiple': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && options.has(item))) {
        return fail('Please choose from the answers given');
      }
      const unique = [...new Set(value as string[])];
      const exclusive = question.answers.filter((option) => option.exclusive).map((option) => option.value);
      if (unique.length > 1 && unique.some((item) => exclusive.includes(item))) {
        return fail('"None of these" cannot be chosen with other answers');
      }
      return { ok: true, value: unique };
    }
    case 'text': {
      if (typeof value !== 'string') return fail('Please enter text');
      const text = value.trim();
      if (text.length > TEXT_ANSWER_MAX) return fail(`Please keep this under ${TEXT_ANSWER_MAX} characters`);
      return { ok: true, value: text === '' ? null : text };
    }
    case 'bmi': {
      const answer = parseMeasurementAnswer(value);
      return answer ? { ok: true, value: answer } : fail('Please enter a valid height and weight');
    }
    case 'weight': {
      const answer = parseWeightAnswer(value);
      return answer ? { ok: true, value: answer } : fail('Please enter a valid weight');
    }
    case 'datetime': {
      const answer = readDatetimeAnswer(value);
      if (!answer || !answer.period.every((period) => options.has(period))) {
        return fail('Please choose a time of day and days of the week');
      }
      return { ok: true, value: { period: [...new Set(answer.period)], day: [...new Set(answer.day)] } };
    }
    case 'dateOfBirth':
    case 'date':
      return typeof value === 'string' && parseIsoDate(value) ? { ok: true, value } : fail('Please enter correct date');
    case 'count': {
      // A typed number may arrive as text (a form posted without the app's script).
      const count = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
      return typeof count === 'number' && Number.isInteger(count) && count >= 0 && count <= COUNT_ANSWER_MAX ? { ok: true, value: count } : fail(COUNT_ANSWER_MESSAGE);
    }
  }
}
