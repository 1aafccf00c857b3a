import { describe, expect, it } from 'vitest';
import { evaluateConsultation, questionnaireSchema } from '@elmwood/domain';
import { demoCatalog } from '../catalog';
import { hairLossQuestionnaire } from './hair-loss';
import { eligibleHairLossAnswers } from './sample-answers';

const questionnaire = questionnaireSchema.parse(hairLossQuestionnaire);
const TODAY = '2026-06-15';
const evaluate = (changes: Record<string, unknown> = {}) =>
  evaluateConsultation(questionnaire, { ...eligibleHairLossAnswers, ...changes }, TODAY);
const reasonOf = (ruleId: string) => questionnaire.rules.knockouts.find((rule) => rule.id === ruleId)!.reason;
const woman = { hl_sex: 'female', hl_pregnancy: 'no', hl_pattern: 'diffuse' };

describe('hair-loss consultation', () => {
  it('recommends finasteride, minoxidil and the shampoo to an eligible man', () => {
    const outcome = evaluate();
    expect(outcome.complete).toBe(true);
    expect(outcome.rejection).toBeNull();
    expect(outcome.recommendations).toEqual(['FINASTERIDE', 'MINOXIDIL', 'POWER-SHAMPOO']);
  });

  it('never offers finasteride or the 5% solution to a woman: she is offered the 2% solution or the 5% foam', () => {
    const outcome = evaluate(woman);
    expect(outcome.rejection).toBeNull();
    expect(outcome.eligibleProducts).toEqual(['MINOXIDIL-WOMEN-2', 'MINOXIDIL-FOAM-5', 'POWER-SHAMPOO']);
    expect(outcome.ineligibleProducts).toEqual(['FINASTERIDE', 'MINOXIDIL']);
    expect(outcome.triggeredRules.find((rule) => rule.ruleId === 'minoxidil-withheld')).toMatchObject({ source: 'Regaine for Men Extra Strength 5% cutaneous solution SmPC 4.1' });
  });

  it('a man is offered the 5% solution, not the women’s products', () => {
    expect(evaluate().ineligibleProducts).toEqual(['MINOXIDIL-WOMEN-2', 'MINOXIDIL-FOAM-5']);
  });

  it.each([
    ['1960-06-15', false],
    ['1960-06-16', true],
  ])('minoxidil is licensed from 18 to 65: born %s, offered %s', (dob, offered) => {
    expect(evaluate({ hl_dob: dob }).recommendations.includes('MINOXIDIL')).toBe(offered);
    expect(evaluate({ ...woman, hl_dob: dob }).recommendations.includes('MINOXIDIL-FOAM-5')).toBe(offered);
  });

  it.each([
    ['1984-06-16', true],
    ['1984-06-15', false],
  ])('finasteride is licensed for men aged 18 to 41 (Propecia SmPC 4.1): born %s (41, or 42 that day), offered %s', (dob, offered) => {
    const outcome = evaluate({ hl_dob: dob });
    expect(outcome.rejection).toBeNull();
    expect(outcome.recommendations.includes('FINASTERIDE')).toBe(offered);
    expect(outcome.recommendations).toContain('MINOXIDIL');
  });

  it('the finasteride page says the ages the rules use', () => {
    const finasteride = demoCatalog.find((product) => product.code === 'FINASTERIDE')!;
    expect(finasteride.description).toContain('men aged 18 to 41');
    expect(JSON.stringify(finasteride)).toContain('men over 41');
  });

  it('a man must acknowledge the finasteride counselling, kept as a counselling record', () => {
    expect(evaluate({ hl_finasteride_counselling: undefined }).missingQuestions).toEqual(['hl_finasteride_counselling']);
    expect(evaluate().triggeredRules.find((rule) => rule.ruleId === 'finasteride-counselling')).toMatchObject({ level: 'counselling', productCode: 'FINASTERIDE' });
    expect(evaluate(woman).visibleQuestions).not.toContain('hl_finasteride_counselling');
  });

  it.each(['prostate_cancer', 'liver_disease', 'depression'])('no finasteride with %s', (condition) => {
    const outcome = evaluate({ hl_conditions: [condition] });
    expect(outcome.rejection).toBeNull();
    expect(outcome.recommendations).toEqual(['MINOXIDIL', 'POWER-SHAMPOO']);
  });

  it('no minoxidil with heart disease or abnormal blood pressure, or psoriasis or eczema of the scalp', () => {
    expect(evaluate({ hl_conditions: ['heart_or_blood_pressure'] }).recommendations).toEqual(['FINASTERIDE', 'POWER-SHAMPOO']);
    expect(evaluate({ hl_scalp: ['flaking', 'psoriasis_eczema'] }).recommendations).toEqual(['FINASTERIDE', 'POWER-SHAMPOO']);
  });

  it('a woman with a heart condition still gets the shampoo', () => {
    expect(evaluate({ ...woman, hl_conditions: ['heart_or_blood_pressure'] }).recommendations).toEqual(['POWER-SHAMPOO']);
  });

  it('dandruff alone changes nothing; medicines are optional', () => {
    expect(evaluate({ hl_scalp: ['flaking'] }).recommendations).toHaveLength(3);
    expect(evaluate({ hl_medicines: 'Levothyroxine' }).recommendations).toHaveLength(3);
    expect(evaluate().missingQuestions).toEqual([]);
  });

  it('asks about pregnancy only when female', () => {
    expect(evaluate({ hl_sex: 'female', hl_pregnancy: undefined }).missingQuestions).toEqual(['hl_pregnancy']);
    expect(evaluate({ hl_pregnancy: 'yes' }).rejection).toBeNull();
  });

  it.each([
    ['2008-06-16', false],
    ['2008-06-15', true],
  ])('born %s: eligible %s (18 on the UK date)', (dob, eligible) => {
    const outcome = evaluate({ hl_dob: dob });
    expect(outcome.rejection === null).toBe(eligible);
    if (!eligible) expect(outcome.rejection).toEqual({ ruleId: 'under-18', reason: reasonOf('under-18'), questionId: 'hl_dob', questionIndex: 3, underweight: false });
  });

  describe('knock-outs, each with its own reason and the question to review', () => {
    it.each([
      ['pregnancy', { hl_sex: 'female', hl_pregnancy: 'yes' }, 'hl_pregnancy', 2],
      ['patchy-hair-loss', { hl_pattern: 'patchy' }, 'hl_pattern', 4],
      ['sudden-hair-loss', { hl_onset: 'sudden' }, 'hl_onset', 5],
      ['scalp-inflammation', { hl_scalp: ['flaking', 'sore_red_scarring'] }, 'hl_scalp', 6],
    ])('%s', (ruleId, changes, questionId, questionIndex) => {
      const outcome = evaluate(changes);
      expect(outcome.rejection).toEqual({ ruleId, reason: reasonOf(ruleId), questionId, questionIndex, underweight: false });
      expect(outcome.eligibleProducts).toEqual([]);
      expect(outcome.recommendations).toEqual([]);
    });

    it('every knock-out has its own reason', () => {
      const reasons = questionnaire.rules.knockouts.map((rule) => rule.reason);
      expect(reasons.every((reason) => reason && reason.length > 40)).toBe(true);
      expect(new Set(reasons).size).toBe(reasons.length);
    });
  });
});
