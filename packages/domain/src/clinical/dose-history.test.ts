import { describe, expect, it } from 'vitest';
import { DOSE_STEP_RULES, doseIncreaseCheck, lastSuppliedDose, onCurrentDoseSince, type SuppliedDose } from './dose-history';

const wegovy = (variantCode: string, suppliedOn: string): SuppliedDose => ({ productCode: 'WEGOVY', variantCode, dosage: variantCode, suppliedOn });
const mounjaro = (variantCode: string, suppliedOn: string): SuppliedDose => ({ productCode: 'MOUNJARO', variantCode, dosage: variantCode, suppliedOn });

describe('the dose history', () => {
  it('cites the licence for every titrated medicine it steps', () => {
    expect(DOSE_STEP_RULES.map((rule) => [rule.product, rule.minimumDaysOnDose])).toEqual([
      ['WEGOVY', 28],
      ['MOUNJARO', 28],
    ]);
    for (const rule of DOSE_STEP_RULES) {
      expect(rule.source).toMatch(/SmPC 4\.2/);
      expect(rule.rationale.length).toBeGreaterThan(20);
    }
  });

  it('takes the dose dispatched last, whatever order the supplies come in', () => {
    expect(lastSuppliedDose([])).toBeNull();
    expect(lastSuppliedDose([wegovy('0.5', '2026-02-01'), wegovy('0.25', '2026-01-01')])?.variantCode).toBe('0.5');
  });

  it('counts the current dose from the first of its unbroken run, a step down starting a new run', () => {
    expect(onCurrentDoseSince([])).toBeNull();
    expect(onCurrentDoseSince([wegovy('0.25', '2026-01-01'), wegovy('0.5', '2026-02-01'), wegovy('0.5', '2026-03-01')])).toBe('2026-02-01');
    expect(onCurrentDoseSince([wegovy('0.5', '2026-01-01'), wegovy('0.25', '2026-02-01'), wegovy('0.5', '2026-03-01')])).toBe('2026-03-01');
  });

  it('allows the next step only from 28 days on the current dose (SmPC 4.2): 27 days no, 28 days yes', () => {
    const history = [wegovy('0.25', '2026-01-01')];
    expect(doseIncreaseCheck(history, '2026-01-28')).toMatchObject({ allowed: false, earliestOn: '2026-01-29' });
    expect(doseIncreaseCheck(history, '2026-01-29')).toMatchObject({ allowed: true, earliestOn: '2026-01-29' });
    expect(doseIncreaseCheck(history, '2026-01-29').rule?.product).toBe('WEGOVY');
    expect(doseIncreaseCheck([mounjaro('2.5', '2026-01-01'), mounjaro('5', '2026-01-20')], '2026-02-16')).toMatchObject({ allowed: false, earliestOn: '2026-02-17' });
  });

  it('allows no increase before anything was supplied, and does not wait for a medicine it does not titrate', () => {
    expect(doseIncreaseCheck([], '2026-06-01')).toEqual({ allowed: false, earliestOn: null, rule: null });
    expect(doseIncreaseCheck([{ productCode: 'OTHER', variantCode: 'x', dosage: 'x', suppliedOn: '2026-06-01' }], '2026-06-01')).toMatchObject({ allowed: true, rule: null });
  });
});
