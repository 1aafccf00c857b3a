import { describe, expect, it } from 'vitest';
import { dosingTimeline, firstRenewalDelivery, lastDoseCovered, reTitration, RE_TITRATION_RULES, reTitrationRuleFor, type DispatchedSupply } from './re-titration';
import { DEFAULT_CLINICAL_POLICY } from './policy';

const WEGOVY = [
  { code: 'WEGOVY-0-25MG', dosage: '0.25 mg', position: 0 },
  { code: 'WEGOVY-0-5MG', dosage: '0.5 mg', position: 1 },
  { code: 'WEGOVY-1MG', dosage: '1 mg', position: 2 },
  { code: 'WEGOVY-1-7MG', dosage: '1.7 mg', position: 3 },
];
const MOUNJARO = [
  { code: 'MOUNJARO-2-5MG', dosage: '2.5 mg', position: 0 },
  { code: 'MOUNJARO-5MG', dosage: '5 mg', position: 1 },
  { code: 'MOUNJARO-7-5MG', dosage: '7.5 mg', position: 2 },
];

const supply = (variantCode: string, suppliedOn: string, pens = 1): DispatchedSupply => ({
  productCode: variantCode.split('-')[0]!,
  variantCode,
  dosage: variantCode,
  suppliedOn,
  pens,
});

// A 1 mg Wegovy pen dispatched on 1 Dec 2026 covers doses on 1, 8, 15 and 22 Dec.
const onOneMg = [supply('WEGOVY-0-5MG', '2026-11-03'), supply('WEGOVY-1MG', '2026-12-01')];
const wegovy = (doseOn: string, statedMissedDoses?: number | null) => reTitration({ supplies: onOneMg, doseOn, statedMissedDoses, steps: WEGOVY });

describe('re-titration rule data', () => {
  it('cites the SmPC missed-dose limits and the clinic policy defaults it applies past them', () => {
    const wegovyRule = reTitrationRuleFor('WEGOVY')!;
    expect(wegovyRule.source).toMatch(/Wegovy SmPC 4\.2.*more than 2 weeks.*re-initiate/);
    expect(reTitrationRuleFor('MOUNJARO')!.source).toMatch(/Mounjaro SmPC 4\.2.*4 days.*skipped.*clinic policy/);
    for (const rule of RE_TITRATION_RULES) {
      expect(rule.policyDefaults).toMatchObject({ stepDownAfterDaysWithoutDose: 14, restartFromStartingDoseAfterDaysWithoutDose: 28 });
      expect(rule.policyDefaults.source).toMatch(/Clinic policy \(medical director/);
      expect(rule.rationale.length).toBeGreaterThan(20);
    }
    expect(reTitrationRuleFor('FINASTERIDE')).toBeNull();
  });

  it('a pen covers its four weekly doses from the dispatch day; a quarterly supply of three pens twelve', () => {
    const rule = reTitrationRuleFor('WEGOVY')!;
    expect(lastDoseCovered({ suppliedOn: '2026-12-01', pens: 1 }, rule)).toBe('2026-12-22');
    expect(lastDoseCovered({ suppliedOn: '2026-12-01', pens: 3 }, rule)).toBe('2027-02-16');
  });
});

describe('dosingTimeline', () => {
  it('starts a pen delivered early when the one in use runs out, so an early delivery moves no dose earlier', () => {
    const rule = reTitrationRuleFor('WEGOVY')!;
    // Dispatched 1 Dec (doses 1–22 Dec), the next on 21 Dec: it starts on 29 Dec and covers to 19 Jan.
    expect(dosingTimeline([supply('WEGOVY-0-25MG', '2026-12-01'), supply('WEGOVY-0-5MG', '2026-12-21')], rule)).toEqual({ lastDoseOn: '2027-01-19', nextDoseOn: '2027-01-26' });
    // A late one starts on its own day.
    expect(dosingTimeline([supply('WEGOVY-0-25MG', '2026-12-01'), supply('WEGOVY-0-5MG', '2027-01-04')], rule)).toEqual({ lastDoseOn: '2027-01-25', nextDoseOn: '2027-02-01' });
    expect(dosingTimeline([], rule)).toBeNull();
  });
});

describe('reTitration', () => {
  it('continues at the dose last supplied up to 14 days without a dose (the last day of the gap included)', () => {
    expect(wegovy('2026-12-29')).toMatchObject({ outcome: 'continue', needed: false, daysWithoutDose: 7, missedDoses: 0, proposed: { variantCode: 'WEGOVY-1MG' } });
    // 4 Jan: one dose (29 Dec) missed and skipped, 13 days without a dose.
    expect(wegovy('2027-01-04')).toMatchObject({ outcome: 'continue', daysWithoutDose: 13, missedDoses: 1 });
    expect(wegovy('2027-01-05')).toMatchObject({ outcome: 'continue', daysWithoutDose: 14, restartNeededAfter: '2027-01-05' });
  });

  it('steps one dose down from the 15th day without a dose, and restarts at the starting dose after 28', () => {
    expect(wegovy('2027-01-06')).toMatchObject({ outcome: 'stepDown', needed: true, daysWithoutDose: 15, missedDoses: 2, proposed: { variantCode: 'WEGOVY-0-5MG', dosage: '0.5 mg' } });
    expect(wegovy('2027-01-19')).toMatchObject({ outcome: 'stepDown', daysWithoutDose: 28 });
    expect(wegovy('2027-01-20')).toMatchObject({ outcome: 'restartFromStart', needed: true, daysWithoutDose: 29, proposed: { variantCode: 'WEGOVY-0-25MG', dosage: '0.25 mg' } });
    expect(wegovy('2027-01-20')!.summary).toBe('Wegovy: 29 days without a dose (more than 28); restart at the starting dose 0.25 mg');
    expect(wegovy('2027-01-20')!.source).toMatch(/Wegovy SmPC 4\.2.*Clinic policy/);
  });

  it('counts the doses the patient says they missed since the delivery as missed in a row', () => {
    // On time by the supplies, but one missed dose moves the last dose a week earlier: 14 days, still the same dose.
    expect(wegovy('2026-12-29', 1)).toMatchObject({ outcome: 'continue', daysWithoutDose: 14, lastDoseOn: '2026-12-15' });
    expect(wegovy('2026-12-29', 2)).toMatchObject({ outcome: 'stepDown', daysWithoutDose: 21, missedDoses: 2 });
    expect(wegovy('2026-12-29', 4)).toMatchObject({ outcome: 'restartFromStart', daysWithoutDose: 35 });
    // No answer, or zero, leaves the supplies' dates alone.
    expect(wegovy('2026-12-29', null)).toMatchObject({ daysWithoutDose: 7 });
    expect(wegovy('2026-12-29', 0)).toMatchObject({ daysWithoutDose: 7 });
  });

  it('never steps below the starting dose, and reads the latest supply whatever the order given', () => {
    const first = [supply('MOUNJARO-2-5MG', '2026-12-01')];
    expect(reTitration({ supplies: first, doseOn: '2027-01-06', steps: MOUNJARO })).toMatchObject({ outcome: 'stepDown', proposed: { variantCode: 'MOUNJARO-2-5MG' } });
    const shuffled = [supply('MOUNJARO-7-5MG', '2026-12-01'), supply('MOUNJARO-5MG', '2026-11-01')];
    expect(reTitration({ supplies: shuffled, doseOn: '2027-01-06', steps: MOUNJARO })).toMatchObject({ outcome: 'stepDown', proposed: { variantCode: 'MOUNJARO-5MG', dosage: '5 mg' } });
  });

  it('follows the policy in force', () => {
    const stricter = { ...DEFAULT_CLINICAL_POLICY, missedDoseGapDays: 7, restartFromStartingDoseAfterDays: 14 };
    expect(reTitration({ supplies: onOneMg, doseOn: '2027-01-04', steps: WEGOVY }, stricter)).toMatchObject({ outcome: 'stepDown', restartNeededAfter: '2026-12-29' });
  });

  it('has nothing to say without a supply of a medicine it knows', () => {
    expect(reTitration({ supplies: [], doseOn: '2027-01-04', steps: WEGOVY })).toBeNull();
    expect(reTitration({ supplies: [{ ...supply('WEGOVY-1MG', '2026-12-01'), productCode: 'FINASTERIDE' }], doseOn: '2027-01-04', steps: WEGOVY })).toBeNull();
    expect(reTitration({ supplies: [supply('WEGOVY-2-4MG', '2026-12-01')], doseOn: '2027-01-04', steps: WEGOVY })).toBeNull();
  });
});

describe('firstRenewalDelivery', () => {
  it('is the working day before the last dose the first supply covers, never after it', () => {
    // Dispatched Tue 1 Dec: last dose Tue 22 Dec, next delivery Mon 21 Dec.
    expect(firstRenewalDelivery({ productCode: 'WEGOVY', suppliedOn: '2026-12-01', pens: 1 })).toBe('2026-12-21');
    // Dispatched Mon 30 Nov: last dose Mon 21 Dec, the day before is a Sunday: Fri 18 Dec.
    expect(firstRenewalDelivery({ productCode: 'MOUNJARO', suppliedOn: '2026-11-30', pens: 1 })).toBe('2026-12-18');
    // Dispatched Fri 4 Dec: last dose Fri 25 Dec; 24 Dec is a working day.
    expect(firstRenewalDelivery({ productCode: 'MOUNJARO', suppliedOn: '2026-12-04', pens: 1 })).toBe('2026-12-24');
    // Dispatched Sat 5 Dec: last dose Sat 26 Dec; 25 Dec is Christmas Day, 24 Dec the working day before.
    expect(firstRenewalDelivery({ productCode: 'MOUNJARO', suppliedOn: '2026-12-05', pens: 1 })).toBe('2026-12-24');
    expect(firstRenewalDelivery({ productCode: 'FINASTERIDE', suppliedOn: '2026-12-01', pens: 1 })).toBeNull();
  });
});
