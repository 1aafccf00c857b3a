import { heightEntriesToCm, parseMeasurementAnswer, parseWeightAnswer, weightEntriesToKg } from '../measurements/answer';
import type { HeightValue, WeightValue } from './log';

export interface AnsweredMeasurements {
  weight: WeightValue | null;
  height: HeightValue | null;
  goal: WeightValue | null;
}

/**
 * The weight and height a consultation or check-in answered (its BmiType answer) and the goal weight, if one was
 * asked (a WeightType answer whose entries are all target weights), each in kg or cm with the unit the patient chose.
 */
export function answeredMeasurements(answers: Record<string, unknown>): AnsweredMeasurements {
  const found: AnsweredMeasurements = { weight: null, height: null, goal: null };
  for (const value of Object.values(answers)) {
    const measurement = parseMeasurementAnswer(value);
    if (measurement && !found.weight) {
      const kg = weightEntriesToKg(measurement.weight);
      const cm = heightEntriesToCm(measurement.height);
      if (kg !== null) found.weight = { kg, unit: measurement.weight[0]!.preferredUnit };
      if (cm !== null) found.height = { cm, unit: measurement.height.some((entry) => entry.type === 'cm') ? 'cm' : 'ft-in' };
      continue;
    }
    const goal = measurement ? null : parseWeightAnswer(value);
    if (goal && !found.goal && goal.weight.every((entry) => entry.isTargetWeight)) {
      const kg = weightEntriesToKg(goal.weight);
      if (kg !== null) found.goal = { kg, unit: goal.weight[0]!.preferredUnit };
    }
  }
  return found;
}
