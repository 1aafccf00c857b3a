import { describe, expect, it } from 'vitest';
import type { Titration } from '../quiz/questionnaire';
import { DEFAULT_CLINICAL_POLICY } from './policy';
import { statesCurrentTreatment, titratedDoses, titrationRule } from './titration';

const sourced = (source: string) => ({ source, rationale: `Because of ${source}.` });
const titration: Titration = {
  currentDoseQuestion: 'current',
  lastDoseQuestion: 'last',
  daysSinceLastDoseFact: 'daysSinceLastDose',
  ladders: [
    { product: 'A', name: 'Alpha', steps: [{ code: 'A-1', dose: '1 mg' }, { code: 'A-2', dose: '2 mg' }, { code: 'A-3', dose: '3 mg' }], ...sourced('Alpha SmPC 4.2') },
    { product: 'B', name: 'Beta', steps: [{ code: 'B-1', dose: '1 mg' }, { code: 'B-2', dose: '2 mg' }], ...sourced('Beta SmPC 4.2') },
  ],
  rules: {
    startingDose: sourced('start'),
    continueCurrentDose: sourced('continue'),
    missedDoseStepDown: sourced('step down'),
    missedDoseRestart: sourced('restart'),
  },
};
const doses = (current: string, days: number | null, policy = DEFAULT_CLINICAL_POLICY) =>
  Object.fromEntries(titratedDoses(titration, { current }, days, policy).map((decision) => [decision.product, [decision.variant, decision.rule]]));

describe('titratedDoses (the starting-dose lock and the missed-dose restart)', () => {
  it('a new patient starts every product on its first step', () => {
    expect(doses('none', null)).toEqual({ A: ['A-1', 'startingDose'], B: ['B-1', 'startingDose'] });
  });

  it.each([
    [0, 'A-3', 'continueCurrentDose'],
    [14, 'A-3', 'continueCurrentDose'],
    [15, 'A-2', 'missedDoseStepDown'],
    [28, 'A-2', 'missedDoseStepDown'],
    [29, 'A-1', 'missedDoseRestart'],
  ])('on A 3 mg, last dose %i days ago: %s (%s)', (days, variant, rule) => {
    expect(doses('A|||A-3', days)).toEqual({ A: [variant, rule], B: ['B-1', 'startingDose'] });
  });

  it('without the date of the last dose, restarts from the first step', () => {
    expect(doses('A|||A-3', null).A).toEqual(['A-1', 'missedDoseRestart']);
  });

  it('follows the clinic policy’s gaps', () => {
    const policy = { ...DEFAULT_CLINICAL_POLICY, missedDoseGapDays: 7, restartFromStartingDoseAfterDays: 10 };
    expect(doses('A|||A-3', 7, policy).A).toEqual(['A-3', 'continueCurrentDose']);
    expect(doses('A|||A-3', 8, policy).A).toEqual(['A-2', 'missedDoseStepDown']);
    expect(doses('A|||A-3', 11, policy).A).toEqual(['A-1', 'missedDoseRestart']);
  });

  it('a dose not on the ladder is treated as new', () => {
    expect(doses('A|||A-9', 3).A).toEqual(['A-1', 'startingDose']);
  });

  it('says whether the patient continues a titrated treatment', () => {
    expect(statesCurrentTreatment(titration, { current: 'B|||B-2' })).toBe(true);
    expect(statesCurrentTreatment(titration, { current: 'none' })).toBe(false);
    expect(statesCurrentTreatment(titration, { current: 'C|||C-1' })).toBe(false);
  });

  it('explains each decision with its source', () => {
    const [decision] = titratedDoses(titration, { current: 'A|||A-3' }, 20, DEFAULT_CLINICAL_POLICY);
    expect(titrationRule(titration, decision!, DEFAULT_CLINICAL_POLICY)).toEqual({
      ruleId: 'a-missedDoseStepDown',
      kind: 'dose',
      level: 'restriction',
      summary: 'Alpha: last dose more than 14 days ago, restarts one step lower at 2 mg',
      questionIds: ['current', 'last'],
      productCode: 'A',
      source: 'step down',
      rationale: 'Because of step down.',
    });
  });
});
