import { answerToKgCm, parseMeasurementAnswer, parseWeightAnswer, weightEntriesToKg } from '../measurements/answer';
import { roundBmi, bmi as bmiOf } from '../measurements/units';
import { ageOn } from '../identity/age';
import { daysBetween } from '../clinical/dates';
import type { QuestionnaireRules } from './questionnaire';

/** Derives the numeric facts the rules read (BMI, weight, height, age) from the raw answers. */
export function deriveFacts(
  rules: Pick<QuestionnaireRules, 'facts'>,
  answers: Record<string, unknown>,
  today: string,
): Record<string, number | null> {
  const facts: Record<string, number | null> = {};
  for (const [name, fact] of Object.entries(rules.facts)) {
    const raw = answers[fact.question];
    facts[name] = raw === undefined ? null : factValue(fact.kind, raw, today);
  }
  return facts;
}

function factValue(kind: QuestionnaireRules['facts'][string]['kind'], raw: unknown, today: string): number | null {
  if (kind === 'age') return typeof raw === 'string' ? ageOn(raw, today) : null;
  if (kind === 'daysSince') return typeof raw === 'string' ? daysBetween(raw, today) : null;
  if (kind === 'weightKg') {
    const weight = parseWeightAnswer(raw);
    return weight ? weightEntriesToKg(weight.weight) : null;
  }
  const measurement = parseMeasurementAnswer(raw);
  if (!measurement) return null;
  const { kg, cm } = answerToKgCm(measurement);
  if (kind === 'heightCm') return cm;
  // Recomputed from the measurements: the BMI the browser sent is never trusted.
  const value = bmiOf(kg, cm);
  return value === null ? null : roundBmi(value);
}
