import { describe, expect, it } from 'vitest';
import { addDays, allQuestions, DEFAULT_CLINICAL_POLICY, evaluateConsultation, questionnaireSchema, TIRZEPATIDE_CONTRACEPTION_COUNSELLING, type ClinicalPolicy } from '@elmwood/domain';
import { bmiAnswer, eligibleWeightLossAnswers, goalWeightAnswer } from './sample-answers';
import { LOWER_THRESHOLD_BACKGROUNDS, weightLossQuestionnaire } from './weight-loss';

const questionnaire = questionnaireSchema.parse(weightLossQuestionnaire);
const TODAY = '2026-06-15';
const NICE_ON: ClinicalPolicy = { ...DEFAULT_CLINICAL_POLICY, niceEthnicityAdjustment: true };
const evaluate = (changes: Record<string, unknown> = {}, base: Record<string, unknown> = eligibleWeightLossAnswers, policy: ClinicalPolicy = DEFAULT_CLINICAL_POLICY) =>
  evaluateConsultation(questionnaire, { ...base, ...changes }, TODAY, policy);
const withNice = (changes: Record<string, unknown>) => evaluate(changes, eligibleWeightLossAnswers, NICE_ON);
const reasonOf = (ruleId: string) => questionnaire.rules.knockouts.find((rule) => rule.id === ruleId)!.reason;
const indexOf = (questionId: string) => allQuestions(questionnaire).findIndex((question) => question.id === questionId) + 1;
const ruleIds = (outcome: ReturnType<typeof evaluate>) => outcome.triggeredRules.map((rule) => rule.ruleId);

const STANDARD_BACKGROUNDS = ['white', 'mixed_other', 'other', 'prefer_not_to_say'];

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
        expectBmiRejection(evaluate({ wl_conditions: [condition], wl_bmi: bmiAnswer(26.9) }), 'bmi-below-any-threshold');
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

  describe.each(LOWER_THRESHOLD_BACKGROUNDS)('the NICE ethnicity adjustment (clinic policy) for the %s background', (ethnicity) => {
    const consent = { wl_off_label_consent: ['consented'] };
    it('is off by default: the licence thresholds apply (BMI 29.9 rejected, 30 eligible)', () => {
      expectBmiRejection(evaluate({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(29.9) }));
      expectBmiRejection(evaluate({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(27.5), ...consent }));
      expectEligible(evaluate({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(30) }));
    });

    it('when on, without a condition: BMI 27.4 is rejected and 27.5 is eligible, flagged off-label with consent', () => {
      expectBmiRejection(withNice({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(27.4), ...consent }));
      const outcome = withNice({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(27.5), ...consent });
      expectEligible(outcome);
      expect(outcome.triggeredRules.find((rule) => rule.ruleId === 'off-label-ethnicity-threshold')).toMatchObject({ level: 'off-label', questionIds: ['wl_bmi'] });
    });

    it('when on, the patient must consent to off-label treatment below the licence threshold (but not at it)', () => {
      expect(withNice({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(29.9) }).missingQuestions).toEqual(['wl_off_label_consent']);
      const atLicence = withNice({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(30) });
      expectEligible(atLicence);
      expect(atLicence.visibleQuestions).not.toContain('wl_off_label_consent');
      expect(ruleIds(atLicence)).not.toContain('off-label-ethnicity-threshold');
    });

    it('when on, with a condition: BMI 24.4 is rejected and 24.5, 24.9 and 25 are eligible', () => {
      const withCondition = { wl_ethnicity: ethnicity, wl_conditions: ['type_2_diabetes'], ...consent };
      expectBmiRejection(withNice({ ...withCondition, wl_bmi: bmiAnswer(24.4) }), 'bmi-below-any-threshold');
      for (const bmi of [24.5, 24.9, 25]) expectEligible(withNice({ ...withCondition, wl_bmi: bmiAnswer(bmi) }));
    });
  });

  it.each(STANDARD_BACKGROUNDS)('the NICE adjustment, even when on, leaves the %s background at the licence thresholds', (ethnicity) => {
    expectBmiRejection(withNice({ wl_ethnicity: ethnicity, wl_bmi: bmiAnswer(29.9) }));
  });

  describe('below the lowest threshold, everyone is ruled out at once', () => {
    it('by default (licence thresholds) rejects BMI 26.9 on the first step and not 27', () => {
      const outcome = evaluateConsultation(questionnaire, { wl_bmi: bmiAnswer(26.9) }, TODAY);
      expectBmiRejection(outcome, 'bmi-below-any-threshold');
      expect(outcome.complete).toBe(false);
      expect(evaluateConsultation(questionnaire, { wl_bmi: bmiAnswer(27) }, TODAY).rejection).toBeNull();
    });

    it('with the NICE adjustment on, rejects BMI 24.4 on the first step and not 24.5', () => {
      expectBmiRejection(evaluateConsultation(questionnaire, { wl_bmi: bmiAnswer(24.4) }, TODAY, NICE_ON), 'bmi-below-any-threshold');
      expect(evaluateConsultation(questionnaire, { wl_bmi: bmiAnswer(24.5) }, TODAY, NICE_ON).rejection).toBeNull();
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
      ['pregnancy', { wl_sex: 'female', wl_pregnancy: 'yes' }, 'wl_pregnancy'],
      ['pancreatitis', { wl_contraindications: ['pancreatitis'] }, 'wl_contraindications'],
      ['mtc-men2', { wl_contraindications: ['mtc_men2'] }, 'wl_contraindications'],
      ['type-1-diabetes', { wl_contraindications: ['type_1_diabetes'] }, 'wl_contraindications'],
      ['eating-disorder', { wl_contraindications: ['eating_disorder'] }, 'wl_contraindications'],
      ['severe-gut-disease', { wl_contraindications: ['severe_gut_disease'] }, 'wl_contraindications'],
      ['severe-kidney-disease', { wl_contraindications: ['severe_kidney_disease'] }, 'wl_contraindications'],
      ['severe-liver-disease', { wl_contraindications: ['severe_liver_disease'] }, 'wl_contraindications'],
      ['other-glp1', { wl_medicine_classes: ['insulin', 'other_glp1'] }, 'wl_medicine_classes'],
    ])('%s', (ruleId, changes, questionId) => {
      const outcome = evaluate(changes);
      expect(outcome.rejection).toEqual({ ruleId, reason: reasonOf(ruleId), questionId, questionIndex: indexOf(questionId), underweight: false });
      expect(ruleIds(outcome)).toContain(ruleId);
      expect(outcome.rejection!.reason.length).toBeGreaterThan(40);
      expect(outcome.recommendations).toEqual([]);
    });

    it('every reason is distinct', () => {
      const reasons = questionnaire.rules.knockouts.map((rule) => rule.reason);
      expect(new Set(reasons).size).toBe(reasons.length);
    });

    it('asks about pregnancy only when female, and ignores a stale answer once the sex changes', () => {
      expectEligible(evaluate({ wl_sex: 'female', wl_pregnancy: 'no', wl_could_become_pregnant: 'no' }));
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
    const outcome = evaluate({ wl_current_injection: 'MOUNJARO|||MOUNJARO-5MG', wl_last_dose_date: addDays(TODAY, -7) });
    expect(outcome.preferredProduct).toBe('MOUNJARO');
    expect(outcome.preferredVariant).toBe('MOUNJARO-5MG');
  });

  it('the contact time is optional', () => {
    expect(evaluate().missingQuestions).toEqual([]);
    expectEligible(evaluate({ wl_contact_time: { period: ['morning'], day: ['monday', 'friday'] } }));
  });
  describe('starting-dose lock and continuing patients (dose limits)', () => {
    const daysAgo = (days: number) => addDays(TODAY, -days);
    const continuing = (choice: string, days: number) => ({ wl_current_injection: choice, wl_last_dose_date: daysAgo(days) });

    it('a patient new to weight-loss injections may buy only the starting doses', () => {
      const outcome = evaluate();
      expect(outcome.allowedVariants).toEqual({ WEGOVY: ['WEGOVY-0-25MG'], MOUNJARO: ['MOUNJARO-2-5MG'] });
      expect(outcome.prescriptionProofRequired).toBe(false);
      expect(ruleIds(outcome)).toEqual(expect.arrayContaining(['wegovy-startingDose', 'mounjaro-startingDose']));
      expect(outcome.triggeredRules.find((rule) => rule.ruleId === 'mounjaro-startingDose')).toMatchObject({ kind: 'dose', summary: 'Mounjaro: new to this medicine, starting dose 2.5 mg only' });
    });

    it('asks the date of the last dose only of a continuing patient', () => {
      expect(evaluate().visibleQuestions).not.toContain('wl_last_dose_date');
      expect(evaluate({ wl_current_injection: 'MOUNJARO|||MOUNJARO-15MG' }).missingQuestions).toEqual(['wl_last_dose_date']);
    });

    it.each([
      [0, 'MOUNJARO-15MG', 'continueCurrentDose'],
      [14, 'MOUNJARO-15MG', 'continueCurrentDose'],
      [15, 'MOUNJARO-12-5MG', 'missedDoseStepDown'],
      [28, 'MOUNJARO-12-5MG', 'missedDoseStepDown'],
      [29, 'MOUNJARO-2-5MG', 'missedDoseRestart'],
    ])('Mounjaro 15 mg, last dose %i days ago: %s (%s)', (days, variant, rule) => {
      const outcome = evaluate(continuing('MOUNJARO|||MOUNJARO-15MG', days));
      expectEligible(outcome);
      expect(outcome.allowedVariants).toEqual({ WEGOVY: ['WEGOVY-0-25MG'], MOUNJARO: [variant] });
      expect(outcome.preferredVariant).toBe(variant);
      expect(outcome.prescriptionProofRequired).toBe(true);
      expect(ruleIds(outcome)).toContain(`mounjaro-${rule}`);
    });

    it('the missed-dose gap is the clinic policy setting', () => {
      const policy = { ...DEFAULT_CLINICAL_POLICY, missedDoseGapDays: 21 };
      expect(evaluate(continuing('MOUNJARO|||MOUNJARO-15MG', 21), eligibleWeightLossAnswers, policy).allowedVariants.MOUNJARO).toEqual(['MOUNJARO-15MG']);
      expect(evaluate(continuing('MOUNJARO|||MOUNJARO-15MG', 22), eligibleWeightLossAnswers, policy).allowedVariants.MOUNJARO).toEqual(['MOUNJARO-12-5MG']);
    });

    it('a step down never goes below the starting dose', () => {
      expect(evaluate(continuing('WEGOVY|||WEGOVY-0-25MG', 20)).allowedVariants.WEGOVY).toEqual(['WEGOVY-0-25MG']);
      expect(evaluate(continuing('WEGOVY|||WEGOVY-1-7MG', 20)).allowedVariants.WEGOVY).toEqual(['WEGOVY-1MG']);
    });

    it('switching from Wegovy to Mounjaro starts Mounjaro at its starting dose', () => {
      expect(evaluate(continuing('WEGOVY|||WEGOVY-2-4MG', 7)).allowedVariants).toEqual({ WEGOVY: ['WEGOVY-2-4MG'], MOUNJARO: ['MOUNJARO-2-5MG'] });
    });

    it('refuses a last dose date in the future, with a clear message', () => {
      const tomorrow = evaluate({ wl_current_injection: 'WEGOVY|||WEGOVY-1MG', wl_last_dose_date: addDays(TODAY, 1) });
      expect(tomorrow.invalidAnswers).toEqual([{ questionId: 'wl_last_dose_date', ruleId: 'last-dose-in-future', message: 'The date of your last dose cannot be in the future. Please check the date.' }]);
      expect(tomorrow.complete).toBe(false);
      expect(evaluate({ wl_current_injection: 'WEGOVY|||WEGOVY-1MG', wl_last_dose_date: TODAY }).invalidAnswers).toEqual([]);
    });
  });

  describe('goal weight', () => {
    const healthyMessage = 'This goal weight would give you a BMI below 18.5, which is underweight. Please choose a goal weight within the healthy range.';
    const belowMessage = 'Your goal weight needs to be less than your current weight. Please check both weights.';
    it('must give a BMI of at least 18.5: 74 kg at 200 cm (18.5) is accepted, 73.9 kg refused', () => {
      expect(evaluate({ wl_goal_weight: goalWeightAnswer(74) }).invalidAnswers).toEqual([]);
      const outcome = evaluate({ wl_goal_weight: goalWeightAnswer(73.9) });
      expect(outcome.invalidAnswers).toEqual([{ questionId: 'wl_goal_weight', ruleId: 'goal-weight-healthy-bmi', message: healthyMessage }]);
      expect(outcome.complete).toBe(false);
      expect(outcome.recommendations).toEqual([]);
    });

    it('must be below the current weight (128 kg): 127.9 kg accepted, 128 kg refused', () => {
      expect(evaluate({ wl_goal_weight: goalWeightAnswer(127.9) }).invalidAnswers).toEqual([]);
      expect(evaluate({ wl_goal_weight: goalWeightAnswer(128) }).invalidAnswers).toEqual([{ questionId: 'wl_goal_weight', ruleId: 'goal-weight-below-current', message: belowMessage }]);
    });
  });

  describe('flags for the prescriber (the patient is not turned away)', () => {
    it.each([
      ['hypoglycaemia-risk', { wl_medicine_classes: ['insulin'] }],
      ['hypoglycaemia-risk', { wl_medicine_classes: ['sulfonylurea'] }],
      ['diabetic-retinopathy', { wl_health_conditions: ['diabetic_retinopathy'] }],
      ['gallbladder-disease', { wl_health_conditions: ['gallbladder_disease'] }],
      ['bariatric-surgery', { wl_health_conditions: ['bariatric_surgery'] }],
    ])('%s', (ruleId, changes) => {
      const outcome = evaluate(changes);
      expectEligible(outcome);
      expect(outcome.triggeredRules.find((rule) => rule.ruleId === ruleId)).toMatchObject({ kind: 'flag', level: 'review' });
      expect(ruleIds(evaluate())).not.toContain(ruleId);
    });

    it('diabetic retinopathy is flagged for each medicine offered, with its own SmPC (Wegovy 4.4, Mounjaro 4.4)', () => {
      const both = evaluate({ wl_health_conditions: ['diabetic_retinopathy'] });
      expect(both.triggeredRules.filter((rule) => rule.ruleId.startsWith('diabetic-retinopathy'))).toEqual([
        expect.objectContaining({ ruleId: 'diabetic-retinopathy', productCode: 'WEGOVY', level: 'review', source: 'Wegovy SmPC 4.4 (diabetic retinopathy)' }),
        expect.objectContaining({ ruleId: 'diabetic-retinopathy-tirzepatide', productCode: 'MOUNJARO', level: 'review', source: 'Mounjaro SmPC 4.4 (diabetic retinopathy)' }),
      ]);
      const noSemaglutide = evaluate({ wl_health_conditions: ['diabetic_retinopathy'], wl_allergy: ['semaglutide'] });
      expect(noSemaglutide.recommendations).toEqual(['MOUNJARO']);
      expect(ruleIds(noSemaglutide).filter((id) => id.startsWith('diabetic-retinopathy'))).toEqual(['diabetic-retinopathy-tirzepatide']);
      const noTirzepatide = evaluate({ wl_health_conditions: ['diabetic_retinopathy'], wl_allergy: ['tirzepatide'] });
      expect(ruleIds(noTirzepatide).filter((id) => id.startsWith('diabetic-retinopathy'))).toEqual(['diabetic-retinopathy']);
      expect(ruleIds(evaluate()).filter((id) => id.startsWith('diabetic-retinopathy'))).toEqual([]);
    });
  });

  describe('allergy to the medicine or its ingredients', () => {
    it('withholds only the medicine the patient reacted to', () => {
      const semaglutide = evaluate({ wl_allergy: ['semaglutide'] });
      expect(semaglutide.recommendations).toEqual(['MOUNJARO']);
      expect(semaglutide.triggeredRules.find((rule) => rule.ruleId === 'wegovy-withheld')).toMatchObject({ kind: 'product', productCode: 'WEGOVY', source: 'Wegovy SmPC 4.3', questionIds: ['wl_allergy'] });
      expect(evaluate({ wl_allergy: ['tirzepatide'] }).recommendations).toEqual(['WEGOVY']);
    });

    it('with both, nothing is suitable', () => {
      expect(evaluate({ wl_allergy: ['semaglutide', 'tirzepatide'] }).rejection?.ruleId).toBe('no-suitable-treatment');
    });
  });

  describe('contraception counselling with tirzepatide, for everyone who could become pregnant (MHRA, June 2025)', () => {
    const woman = { wl_sex: 'female', wl_pregnancy: 'no' };
    const COUNSELLED = 'tirzepatide-oral-contraception';
    it('asks a woman whether she could become pregnant; one who could is asked about the pill and must acknowledge the counselling, on the pill or not', () => {
      expect(evaluate(woman).missingQuestions).toEqual(['wl_could_become_pregnant']);
      expect(evaluate({ ...woman, wl_could_become_pregnant: 'yes' }).missingQuestions).toEqual(['wl_oral_contraception', 'wl_tirzepatide_counselling']);
      expect(evaluate({ ...woman, wl_could_become_pregnant: 'yes', wl_oral_contraception: 'no' }).missingQuestions).toEqual(['wl_tirzepatide_counselling']);
      expect(evaluate({ ...woman, wl_could_become_pregnant: 'yes', wl_oral_contraception: 'yes' }).missingQuestions).toEqual(['wl_tirzepatide_counselling']);
    });

    it('shows the counselling in the words the plan page uses at each dose increase, ticked with its acknowledgement', () => {
      const question = allQuestions(questionnaire).find((entry) => entry.id === 'wl_tirzepatide_counselling')!;
      expect(question.question).toBe(TIRZEPATIDE_CONTRACEPTION_COUNSELLING.title);
      for (const paragraph of TIRZEPATIDE_CONTRACEPTION_COUNSELLING.paragraphs) expect(question.note).toContain(paragraph);
      expect(question.answers).toEqual([expect.objectContaining({ value: 'understood', text: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.acknowledgement })]);
    });

    it('asks nothing more of a woman who cannot become pregnant, or of a man', () => {
      const cannot = evaluate({ ...woman, wl_could_become_pregnant: 'no' });
      expectEligible(cannot);
      expect(cannot.triggeredRules.map((rule) => rule.ruleId)).not.toContain(COUNSELLED);
      expect(evaluate({ wl_sex: 'male' }).missingQuestions).toEqual([]);
    });

    it.each([['on the pill', 'yes'], ['not on the pill', 'no']])('the acknowledgement of a woman %s is kept as a sourced counselling record for Mounjaro orders', (_who, pill) => {
      const outcome = evaluate({ ...woman, wl_could_become_pregnant: 'yes', wl_oral_contraception: pill, wl_tirzepatide_counselling: ['understood'] });
      expectEligible(outcome);
      expect(outcome.triggeredRules.find((rule) => rule.ruleId === COUNSELLED)).toMatchObject({ level: 'counselling', productCode: 'MOUNJARO', source: TIRZEPATIDE_CONTRACEPTION_COUNSELLING.source });
    });
  });

});

