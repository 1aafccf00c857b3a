import { describe, expect, it } from 'vitest';
import { evaluateConsultation, questionnaireSchema } from '@elmwood/domain';
import { erectileDysfunctionQuestionnaire } from './erectile-dysfunction';
import { eligibleErectileDysfunctionAnswers } from './sample-answers';

const questionnaire = questionnaireSchema.parse(erectileDysfunctionQuestionnaire);
const TODAY = '2026-06-15';
const evaluate = (changes: Record<string, unknown> = {}) =>
  evaluateConsultation(questionnaire, { ...eligibleErectileDysfunctionAnswers, ...changes }, TODAY);
const reasonOf = (ruleId: string) => questionnaire.rules.knockouts.find((rule) => rule.id === ruleId)!.reason;
const ruleIds = (outcome: ReturnType<typeof evaluate>) => outcome.triggeredRules.map((rule) => rule.ruleId);

describe('erectile dysfunction consultation', () => {
  it('recommends sildenafil and tadalafil to an eligible man', () => {
    const outcome = evaluate();
    expect(outcome.complete).toBe(true);
    expect(outcome.rejection).toBeNull();
    expect(outcome.recommendations).toEqual(['SILDENAFIL', 'TADALAFIL']);
    expect(outcome.preferredProduct).toBeNull();
  });

  it('takes a stated preference as the preferred product and starting dose', () => {
    const outcome = evaluate({ ed_preference: 'TADALAFIL|||TADALAFIL-10MG-8' });
    expect(outcome.preferredProduct).toBe('TADALAFIL');
    expect(outcome.preferredVariant).toBe('TADALAFIL-10MG-8');
  });

  it('offers only sildenafil to a man on an alpha-blocker', () => {
    const outcome = evaluate({ ed_medicines_taken: ['alpha_blocker'], ed_preference: 'TADALAFIL|||TADALAFIL-10MG-8' });
    expect(outcome.rejection).toBeNull();
    expect(outcome.eligibleProducts).toEqual(['SILDENAFIL']);
    expect(outcome.ineligibleProducts).toEqual(['TADALAFIL']);
    expect(outcome.recommendations).toEqual(['SILDENAFIL']);
    expect(outcome.preferredProduct).toBeNull();
  });

  it('needs the confirmation ticked and leaves the other-medicines box optional', () => {
    expect(evaluate({ ed_confirm: null }).missingQuestions).toEqual(['ed_confirm']);
    expect(evaluate({ ed_confirm: null }).recommendations).toEqual([]);
    expect(evaluate({ ed_other_medicines: 'Amlodipine 5 mg' }).complete).toBe(true);
  });

  it('offers an alpha-blocker user sildenafil at 25 mg only', () => {
    const outcome = evaluate({ ed_medicines_taken: ['alpha_blocker'] });
    expect(outcome.allowedVariants).toEqual({ SILDENAFIL: ['SILDENAFIL-25MG-8'] });
    expect(ruleIds(outcome)).toEqual(expect.arrayContaining(['tadalafil-withheld', 'sildenafil-alpha-blocker-25mg']));
    expect(evaluate().allowedVariants).toEqual({});
  });

  describe('dose limits', () => {
    it.each([
      ['severe kidney disease', { ed_conditions: ['severe_kidney_disease'] }, { SILDENAFIL: ['SILDENAFIL-25MG-8'], TADALAFIL: ['TADALAFIL-10MG-8'] }],
      ['mild or moderate liver disease', { ed_conditions: ['moderate_liver_disease'] }, { SILDENAFIL: ['SILDENAFIL-25MG-8'], TADALAFIL: ['TADALAFIL-10MG-8'] }],
      ['a strong CYP3A4 inhibitor', { ed_medicines_taken: ['strong_cyp3a4_inhibitor'] }, { SILDENAFIL: ['SILDENAFIL-25MG-8'], TADALAFIL: ['TADALAFIL-10MG-8'] }],
    ])('%s: sildenafil 25 mg to start, tadalafil 10 mg on demand (no daily tablet)', (_name, changes, limits) => {
      const outcome = evaluate(changes);
      expect(outcome.recommendations).toEqual(['SILDENAFIL', 'TADALAFIL']);
      expect(outcome.allowedVariants).toEqual(limits);
    });

    it('ritonavir: no sildenafil, tadalafil 10 mg on demand, and a review flag', () => {
      const outcome = evaluate({ ed_medicines_taken: ['ritonavir'] });
      expect(outcome.recommendations).toEqual(['TADALAFIL']);
      expect(outcome.allowedVariants.TADALAFIL).toEqual(['TADALAFIL-10MG-8']);
      expect(ruleIds(outcome)).toEqual(expect.arrayContaining(['sildenafil-withheld', 'cyp3a4-inhibitor-review']));
    });

    it('an alpha-blocker with ritonavir leaves nothing suitable', () => {
      expect(evaluate({ ed_medicines_taken: ['alpha_blocker', 'ritonavir'] }).rejection?.ruleId).toBe('no-suitable-treatment');
    });
  });

  it.each([
    ['penile-deformity', 'penile_condition'],
    ['priapism-risk', 'priapism_risk'],
    ['bleeding-or-ulcer', 'bleeding'],
    ['diabetes-cardiovascular-risk', 'diabetes'],
  ])('answers once collected for no rule now flag the prescriber: %s', (ruleId, condition) => {
    const outcome = evaluate({ ed_conditions: [condition] });
    expect(outcome.rejection).toBeNull();
    expect(outcome.triggeredRules.find((rule) => rule.ruleId === ruleId)).toMatchObject({ kind: 'flag', level: 'review', questionIds: ['ed_conditions'] });
    expect(ruleIds(evaluate())).not.toContain(ruleId);
  });

  it('accepts conditions that only need a clinician to take care', () => {
    expect(evaluate({ ed_conditions: ['diabetes', 'penile_condition', 'priapism_risk', 'bleeding'] }).rejection).toBeNull();
    expect(evaluate({ ed_blood_pressure: 'high_controlled' }).rejection).toBeNull();
    expect(evaluate({ ed_frequency: 'rarely' }).rejection).toBeNull();
  });

  describe('age 18 to 85 on the UK date', () => {
    it.each([
      ['2008-06-16', 'under-18'],
      ['1940-06-15', 'over-85'],
    ])('born %s is rejected by %s', (dob, ruleId) => {
      expect(evaluate({ ed_dob: dob }).rejection).toEqual({ ruleId, reason: reasonOf(ruleId), questionId: 'ed_dob', questionIndex: 2, underweight: false });
    });
    it.each(['2008-06-15', '1940-06-16'])('born %s is eligible', (dob) => {
      expect(evaluate({ ed_dob: dob }).recommendations).toEqual(['SILDENAFIL', 'TADALAFIL']);
    });
  });

  describe('knock-outs, each with its own reason and the question to review', () => {
    it.each([
      ['not-male', { ed_sex: 'female' }, 'ed_sex', 1],
      ['no-symptoms', { ed_frequency: 'never' }, 'ed_frequency', 3],
      ['recent-heart-attack-or-stroke', { ed_recent_cardiac_event: 'yes' }, 'ed_recent_cardiac_event', 5],
      ['heart-not-fit-for-sex', { ed_exertion: 'yes' }, 'ed_exertion', 6],
      ['heart-failure', { ed_heart_conditions: ['heart_failure'] }, 'ed_heart_conditions', 7],
      ['uncontrolled-arrhythmia', { ed_heart_conditions: ['arrhythmia'] }, 'ed_heart_conditions', 7],
      ['unstable-angina', { ed_heart_conditions: ['unstable_angina'] }, 'ed_heart_conditions', 7],
      ['blood-pressure-uncontrolled', { ed_blood_pressure: 'high_uncontrolled' }, 'ed_blood_pressure', 8],
      ['blood-pressure-low', { ed_blood_pressure: 'low' }, 'ed_blood_pressure', 8],
      ['blood-pressure-unknown', { ed_blood_pressure: 'not_sure' }, 'ed_blood_pressure', 8],
      ['nitrates', { ed_medicines_taken: ['nitrates'] }, 'ed_medicines_taken', 9],
      ['poppers', { ed_medicines_taken: ['poppers'] }, 'ed_medicines_taken', 9],
      ['riociguat', { ed_medicines_taken: ['alpha_blocker', 'riociguat'] }, 'ed_medicines_taken', 9],
      ['pde5-for-pulmonary-hypertension', { ed_medicines_taken: ['pde5_pulmonary_hypertension'] }, 'ed_medicines_taken', 9],
      ['severe-liver-disease', { ed_conditions: ['severe_liver_disease'] }, 'ed_conditions', 11],
      ['eye-condition', { ed_conditions: ['diabetes', 'eye_condition'] }, 'ed_conditions', 11],
    ])('%s', (ruleId, changes, questionId, questionIndex) => {
      const outcome = evaluate(changes);
      expect(outcome.rejection).toEqual({ ruleId, reason: reasonOf(ruleId), questionId, questionIndex, underweight: false });
      expect(outcome.eligibleProducts).toEqual([]);
      expect(outcome.recommendations).toEqual([]);
    });

    it('heart conditions: none of them is eligible (the boundary of the heart-failure, arrhythmia and unstable-angina rules)', () => {
      expect(evaluate({ ed_heart_conditions: ['none'] }).recommendations).toEqual(['SILDENAFIL', 'TADALAFIL']);
      const sources = Object.fromEntries(questionnaire.rules.knockouts.map((rule) => [rule.id, rule.source]));
      for (const id of ['heart-failure', 'uncontrolled-arrhythmia', 'unstable-angina']) expect(sources[id]).toMatch(/Cialis SmPC 4\.3.*Viagra SmPC 4\.3/);
    });

    it('every knock-out has its own reason', () => {
      const reasons = questionnaire.rules.knockouts.map((rule) => rule.reason);
      expect(reasons.every((reason) => reason && reason.length > 40)).toBe(true);
      expect(new Set(reasons).size).toBe(reasons.length);
    });

    it('rejects a woman on the first question, before anything else is answered', () => {
      const outcome = evaluateConsultation(questionnaire, { ed_sex: 'female' }, TODAY);
      expect(outcome.rejection?.ruleId).toBe('not-male');
      expect(outcome.rejection?.questionIndex).toBe(1);
    });
  });
});
