import { describe, expect, it } from 'vitest';
import { couldBecomePregnant, doseIncreaseCounselling, TIRZEPATIDE_CONTRACEPTION_COUNSELLING } from './contraception';

describe('who could become pregnant (the weight-loss consultation\'s answers)', () => {
  it.each([
    ['a woman who could', { wl_sex: 'female', wl_pregnancy: 'no', wl_could_become_pregnant: 'yes' }, true],
    ['a woman who answered before the question existed', { wl_sex: 'female', wl_pregnancy: 'no' }, true],
    ['no consultation', null, true],
    ['a woman who cannot', { wl_sex: 'female', wl_pregnancy: 'no', wl_could_become_pregnant: 'no' }, false],
    ['a man', { wl_sex: 'male' }, false],
  ])('%s: %s', (_who, answers, expected) => {
    expect(couldBecomePregnant(answers)).toBe(expected);
  });
});

describe('doseIncreaseCounselling (MHRA Drug Safety Update, June 2025)', () => {
  it('is the tirzepatide counselling for a Mounjaro patient who could become pregnant, with its source', () => {
    expect(doseIncreaseCounselling('MOUNJARO', true)).toBe(TIRZEPATIDE_CONTRACEPTION_COUNSELLING);
    expect(doseIncreaseCounselling('MOUNJARO')).toBe(TIRZEPATIDE_CONTRACEPTION_COUNSELLING);
    expect(TIRZEPATIDE_CONTRACEPTION_COUNSELLING.source).toContain('MHRA Drug Safety Update, June 2025');
  });

  it('is nothing for one who cannot, or for Wegovy', () => {
    expect(doseIncreaseCounselling('MOUNJARO', false)).toBeNull();
    expect(doseIncreaseCounselling('WEGOVY', true)).toBeNull();
  });
});
