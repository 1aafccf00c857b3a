import { describe, expect, it } from 'vitest';
import { evaluateConsultation, questionnaireSchema } from '@elmwood/domain';
import { bmiAnswer, eligibleWeightLossAnswers } from './sample-answers';
import { weightLossQuestionnaire } from './weight-loss';

const questionnaire = questionnaireSchema.parse(weightLossQuestionnaire);
const TODAY = '2026-06-15';
const evaluate = (changes: Record<string, unknown> = {}, base: Record<string, unknown> = eligibleWeightLossAnswers) =>
  evaluateConsultation(questionnaire, { ...base, ...changes }, TODAY);
const reasonOf = (ruleId: string) => questionnaire.rules.knockouts.find((rule) => rule.id === ruleId)!.reason;

const LOWER_THRESHOLD_BACKGROUNDS = ['south_asian', 'chinese', 'other_asian', 'middle_eastern', 'black_african', 'african_caribbean'];
const STANDARD_BACKGROUNDS = ['white', 'mixed', 'other', 'prefer_not_to_say'];

function expectEligible(outcome: ReturnType<typeof evaluate>) {
  expect(outcome.rejection).toBeNull();
  expect(outcome.complete).toBe(true);
  expect(outcome.eligibleProducts).toEqual(['WEGOVY', 'MOUNJARO']);
  expect(outcome.recommendations).toEqual(['WEGOVY', 'MOUNJARO']);
}
function expectBmiRejection(outcome: ReturnType<typeof evaluate>, ruleId = 'bmi-below-threshold') {
  // Underweight (BMI under 18.5) also points the patient to eating-disorder support.
  const underweight = (outcome.facts.bmi ?? Infinity) < 18.5;
  expect(outcome.rejection).toEqual({ ruleId, reason: reasonOf(ruleId), questionId: 'wl_bmi', questionIndex: 1, underweight });
  expect(outcome.eligibleProducts).toEqual([]);
  expect(outcome.recommendations).toEqual([]);
}

describe('weight-loss consultation', () => {
  it('recommends Wegovy and Mounjaro to an eligible patient, with BMI, weight and height as facts', () => {
    const outcome = evaluate();
    expectEligible(outcome);
    expect(outcome.facts).toMatchObject({ bmi: 32, weight: 128, height: 200 });
  });

  describe('BMI thresholds without a weight-related condition (30)', () => {
    it.each(STANDARD_BACKGROUNDS)('%s: BMI 29.9 is rejected and 30 is eligible', (ethnicity) => {
      expectBmiRejection(evaluate({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(29.9) }));
      expectEligible(evaluate({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(30) }));
    });
  });

  describe('BMI thresholds with a weight-related condition (27)', () => {
    it.each(['high_blood_pressure', 'high_cholesterol', 'sleep_apnoea', 'heart_disease', 'prediabetes', 'type_2_diabetes'])(
      '%s: BMI 26.9 is rejected and 27 is eligible',
      (condition) => {
        expectBmiRejection(evaluate({ wl_conditions: [condition], wl_bmi: bmiAnswer(26.9) }));
        expectEligible(evaluate({ wl_conditions: [condition], wl_bmi: bmiAnswer(27) }));
      },
    );

    it('counts a condition ticked with others', () => {
      expectEligible(evaluate({ wl_conditions: ['high_cholesterol', 'prediabetes'], wl_bmi: bmiAnswer(27) }));
    });

    it('"None of these" is not a condition', () => {
      expectBmiRejection(evaluate({ wl_conditions: ['none'], wl_bmi: bmiAnswer(27) }));
    });
  });

  describe.each(LOWER_THRESHOLD_BACKGROUNDS)('thresholds 2.5 lower for the %s background', (ethnicity) => {
    it('without a condition: BMI 27.4 is rejected and 27.5 is eligible', () => {
      expectBmiRejection(evaluate({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(27.4) }));
      expectEligible(evaluate({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(27.5) }));
    });

    it('with a condition: BMI 24.4 is rejected and 24.5, 24.9 and 25 are eligible', () => {
      const withCondition = { wl_ethnicity: ethnicity, wl_conditions: ['type_2_diabetes'] };
      expectBmiRejection(evaluate({ ...withCondition, wl_bmi: bmiAnswer(24.4) }), 'bmi-below-any-threshold');
      for (const bmi of [24.5, 24.9, 25]) expectEligible(evaluate({ ...withCondition, wl_bmi: bmiAnswer(bmi) }));
    });
  });

  describe('BMI below 24.5 rules everyone out at once', () => {
    it('rejects BMI 24.4 on the first step, before any other answer', () => {
      const outcome = evaluateConsultation(questionnaire, { wl_bmi: bmiAnswer(24.4) }, TODAY);
      expectBmiRejection(outcome, 'bmi-below-any-threshold');
      expect(outcome.complete).toBe(false);
    });

    it('does not reject BMI 24.5 on the first step: the threshold needs ethnicity and conditions', () => {
      const outcome = evaluateConsultation(questionnaire, { wl_bmi: bmiAnswer(24.5) }, TODAY);
      expect(outcome.rejection).toBeNull();
    });

    it('rejects BMI 18 (the browser test case)', () => {
      expectBmiRejection(evaluate({ wl_bmi: bmiAnswer(18) }), 'bmi-below-any-threshold');
    });
  });

  describe('age 18 to 74 on the UK date', () => {
    it.each([
      ['2008-06-16', 'under-18'],
      ['1951-06-15', 'over-74'],
    ])('born %s is rejected by %s', (dob, ruleId) => {
      expect(evaluate({ wl_dob: dob }).rejection).toEqual({ ruleId, reason: reasonOf(ruleId), questionId: 'wl_dob', questionIndex: 2, underweight: false });
    });

    it.each(['2008-06-15', '1951-06-16'])('born %s (18 today, or 74 until tomorrow) is eligible', (dob) => {
      expectEligible(evaluate({ wl_dob: dob }));
    });
  });

  describe('knock-outs, each with its own reason and the question to review', () => {
    it.each([
      ['pregnancy', { wl_sex: 'female', wl_pregnancy: 'yes' }, 'wl_pregnancy', 4],
      ['pancreatitis', { wl_contraindications: ['pancreatitis'] }, 'wl_contraindications', 7],
      ['mtc-men2', { wl_contraindications: ['mtc_men2'] }, 'wl_contraindications', 7],
      ['type-1-diabetes', { wl_contraindications: ['type_1_diabetes'] }, 'wl_contraindications', 7],
      ['eating-disorder', { wl_contraindications: ['eating_disorder'] }, 'wl_contraindications', 7],
      ['severe-gut-disease', { wl_contraindications: ['severe_gut_disease'] }, 'wl_contraindications', 7],
    ])('%s', (ruleId, changes, questionId, questionIndex) => {
      const outcome = evaluate(changes);
      expect(outcome.rejection).toEqual({ ruleId, reason: reasonOf(ruleId), questionId, questionIndex, underweight: false });
      expect(outcome.rejection!.reason.length).toBeGreaterThan(40);
      expect(outcome.recommendations).toEqual([]);
    });

    it('every reason is distinct', () => {
      const reasons = questionnaire.rules.knockouts.map((rule) => rule.reason);
      expect(new Set(reasons).size).toBe(reasons.length);
    });

    it('asks about pregnancy only when female, and ignores a stale answer once the sex changes', () => {
      expectEligible(evaluate({ wl_sex: 'female', wl_pregnancy: 'no' }));
      expect(evaluate({ wl_sex: 'female', wl_pregnancy: undefined }).missingQuestions).toEqual(['wl_pregnancy']);
      expectEligible(evaluate({ wl_sex: 'male', wl_pregnancy: 'yes' }));
    });

    it('a knock-out fires as soon as its question is answered', () => {
      const outcome = evaluateConsultation(
        questionnaire,
        { wl_bmi: bmiAnswer(35), wl_dob: '1980-01-01', wl_sex: 'female', wl_pregnancy: 'yes' },
        TODAY,
      );
      expect(outcome.rejection?.ruleId).toBe('pregnancy');
    });
  });

  it('prefers the injection and dose the patient already takes', () => {
    const outcome = evaluate({ wl_current_injection: 'MOUNJARO|||MOUNJARO-5MG' });
    expect(outcome.preferredProduct).toBe('MOUNJARO');
    expect(outcome.preferredVariant).toBe('MOUNJARO-5MG');
  });

  it('the contact time is optional', () => {
    expect(evaluate().missingQuestions).toEqual([]);
    expectEligible(evaluate({ wl_contact_time: { period: ['morning'], day: ['monday', 'friday'] } }));
  });
});
