import { measurementAnswer, weightAnswer, type MeasurementAnswer, type WeightOnlyAnswer } from '@elmwood/domain';

/**
 * Answer sets that make a patient eligible for each seeded consultation, keyed by question id. Tests (and the
 * browser tests) start from these and change one answer to reach each edge or knock-out.
 */

/** A metric height-and-weight answer whose rounded BMI is exactly `bmi`: 200 cm tall, so kg = 4 × BMI. */
export function bmiAnswer(bmi: number): MeasurementAnswer {
  const answer = measurementAnswer({ weightUnit: 'kg', heightUnit: 'cm', fields: { kg: String(Math.round(bmi * 40) / 10), cm: '200' } });
  if (!answer || answer.bmi !== bmi) throw new RangeError(`No 200 cm answer has BMI ${bmi}`);
  return answer;
}

export function goalWeightAnswer(kg: number): WeightOnlyAnswer {
  const answer = weightAnswer({ weightUnit: 'kg', fields: { kg: String(kg) } });
  if (!answer) throw new RangeError(`Not a valid goal weight: ${kg}`);
  return answer;
}

export const eligibleWeightLossAnswers: Record<string, unknown> = {
  wl_bmi: bmiAnswer(32),
  wl_dob: '1985-04-12',
  wl_sex: 'male',
  wl_ethnicity: 'white',
  wl_conditions: ['none'],
  wl_contraindications: ['none'],
  wl_health_conditions: ['none'],
  wl_allergy: ['none'],
  wl_medicines: 'None',
  wl_medicine_classes: ['none'],
  wl_current_injection: 'none',
  wl_goal_weight: goalWeightAnswer(80),
};

export const eligibleErectileDysfunctionAnswers: Record<string, unknown> = {
  ed_sex: 'male',
  ed_dob: '1970-09-30',
  ed_frequency: 'sometimes',
  ed_morning_erections: 'yes',
  ed_recent_cardiac_event: 'no',
  ed_exertion: 'no',
  ed_heart_conditions: ['none'],
  ed_blood_pressure: 'normal',
  ed_medicines_taken: ['none'],
  ed_conditions: ['none'],
  ed_preference: 'no_preference',
  ed_confirm: ['confirmed'],
};

export const eligibleHairLossAnswers: Record<string, unknown> = {
  hl_sex: 'male',
  hl_dob: '1990-02-14',
  hl_pattern: 'receding_crown',
  hl_onset: 'gradual',
  hl_scalp: ['none'],
  hl_conditions: ['none'],
  hl_finasteride_counselling: ['understood'],
};
