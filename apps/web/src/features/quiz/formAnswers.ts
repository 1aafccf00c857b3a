import {
  answerKind,
  formatBirthdayInput,
  measurementAnswer,
  parseBirthday,
  weightAnswer,
  WEEKDAYS,
  type HeightUnit,
  type MeasurementField,
  type MeasurementFields,
  type Question,
  type WeightUnit,
} from '@elmwood/domain';
import { HEIGHT_UNIT_FIELDS, WEIGHT_UNIT_FIELDS } from '../../ui/MeasurementFields';

/**
 * The names a step's inputs carry, so the step also works as a plain HTML form before the app's script has
 * run: the server reads a posted step back into answers with answersFromForm, the same answers the
 * components would have sent.
 */
export const answerFieldName = (questionId: string, part?: string) => (part ? `q-${questionId}-${part}` : `q-${questionId}`);

/** What the patient has typed as a date of birth, as the answer: YYYY-MM-DD once it is a real date, else the typed text. */
export function birthdayAnswer(typed: string): unknown {
  const formatted = formatBirthdayInput(typed);
  return formatted === '' ? null : (parseBirthday(formatted) ?? formatted);
}

/** A typed count as the answer: a whole number when it is one, else the text (the server's check says what is wrong). */
export function countAnswer(typed: string): unknown {
  const text = typed.trim();
  if (text === '') return null;
  return /^\d+$/.test(text) ? Number(text) : text;
}

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

function measurementFields(form: URLSearchParams, questionId: string, names: readonly MeasurementField[]): MeasurementFields {
  const fields: MeasurementFields = {};
  for (const name of names) {
    const raw = form.get(answerFieldName(questionId, name));
    if (raw !== null && raw.trim() !== '') fields[name] = raw;
  }
  return fields;
}

function answerFromForm(question: Question, form: URLSearchParams): unknown {
  const name = answerFieldName(question.id);
  const listed = (values: string[]) => (values.length > 0 ? values : null);
  switch (answerKind(question.type)) {
    case 'single':
    case 'productChoice':
      return form.get(name);
    case 'multiple':
      return listed(form.getAll(name));
    case 'text':
      return form.get(name) || null;
    case 'count':
      return countAnswer(form.get(name) ?? '');
    case 'dateOfBirth':
    case 'date':
      return birthdayAnswer(form.get(name) ?? '');
    case 'bmi': {
      const weightUnit = oneOf<WeightUnit>(form.get(answerFieldName(question.id, 'weightUnit')), ['kg', 'st-lbs'], 'kg');
      const heightUnit = oneOf<HeightUnit>(form.get(answerFieldName(question.id, 'heightUnit')), ['cm', 'ft-in'], 'cm');
      const fields = measurementFields(form, question.id, [...WEIGHT_UNIT_FIELDS[weightUnit], ...HEIGHT_UNIT_FIELDS[heightUnit]]);
      return measurementAnswer({ weightUnit, heightUnit, fields });
    }
    case 'weight': {
      const weightUnit = oneOf<WeightUnit>(form.get(answerFieldName(question.id, 'weightUnit')), ['kg', 'st-lbs'], 'kg');
      return weightAnswer({ weightUnit, fields: measurementFields(form, question.id, WEIGHT_UNIT_FIELDS[weightUnit]) });
    }
    case 'datetime': {
      const period = form.getAll(answerFieldName(question.id, 'period')).filter((value) => question.answers.some((option) => option.value === value));
      const day = form.getAll(answerFieldName(question.id, 'day')).filter((value): value is (typeof WEEKDAYS)[number] => (WEEKDAYS as readonly string[]).includes(value));
      return period.length === 0 && day.length === 0 ? null : { period, day };
    }
    case null:
      return null;
  }
}

/** The answers a posted step holds, by question id, for the questions given. */
export function answersFromForm(questions: readonly Question[], form: URLSearchParams): Record<string, unknown> {
  return Object.fromEntries(questions.map((question) => [question.id, answerFromForm(question, form)]));
}
