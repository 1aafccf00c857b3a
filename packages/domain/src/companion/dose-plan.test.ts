import { describe, expect, it } from 'vitest';
import { DOSE_STEP_RULES } from '../clinical/dose-history';
import { PRICE_CHANGE_POLICY, priceChangeAppliesFrom } from '../subscriptions/price-change';
import { dosePlan, firstDeliveryFrom } from './dose-plan';

const WEGOVY_STEPS = [
  { variantCode: 'WEGOVY-0-25MG', dosage: '0.25 mg', position: 0, pricePerDelivery: 14900 },
  { variantCode: 'WEGOVY-0-5MG', dosage: '0.5 mg', position: 1, pricePerDelivery: 16900 },
  { variantCode: 'WEGOVY-1MG', dosage: '1 mg', position: 2, pricePerDelivery: 19900 },
  { variantCode: 'WEGOVY-1-7MG', dosage: '1.7 mg', position: 3, pricePerDelivery: 24900 },
  { variantCode: 'WEGOVY-2-4MG', dosage: '2.4 mg', position: 4, pricePerDelivery: 27900 },
];
const supply = (variantCode: string, dosage: string, suppliedOn: string) => ({ productCode: 'WEGOVY', variantCode, dosage, suppliedOn });
const base = { planId: 'p1', productCode: 'WEGOVY', productName: 'Wegovy', frequency: 30, steps: WEGOVY_STEPS };

describe('the dose plan', () => {
  it('shows the doses supplied, the dose now and since when, the next step at the first delivery the licence allows, and each dose’s price per delivery', () => {
    const plan = dosePlan({ ...base, supplies: [supply('WEGOVY-0-25MG', '0.25 mg', '2026-12-01')], nextDelivery: '2026-12-18', today: '2026-12-05' });
    expect(plan.current).toEqual({ dosage: '0.25 mg', since: '2026-12-01' });
    // 4 weeks on 0.25 mg (SmPC 4.2) end on 29 Dec; the first delivery from then is the one after 18 Dec.
    expect(plan.nextStep).toEqual({ dosage: '0.5 mg', earliestOn: '2027-01-17', pricePerDelivery: 16900 });
    expect(plan.steps.map((step) => [step.dosage, step.status, step.pricePerDelivery, step.maintenance])).toEqual([
      ['0.25 mg', 'current', 14900, false],
      ['0.5 mg', 'next', 16900, false],
      ['1 mg', 'later', 19900, false],
      ['1.7 mg', 'later', 24900, false],
      ['2.4 mg', 'later', 27900, true],
    ]);
    expect(plan.maintenance).toMatchObject({ dosage: '2.4 mg' });
    expect(plan.decision.source).toBe(DOSE_STEP_RULES[0]!.source);
    expect(plan.decision.text).toMatch(/only goes up when your prescriber decides/);
  });

  it('counts the time on a dose from its first supply, and has no step past the maintenance dose', () => {
    const supplies = [supply('WEGOVY-0-25MG', '0.25 mg', '2026-09-01'), supply('WEGOVY-0-5MG', '0.5 mg', '2026-09-29'), supply('WEGOVY-0-5MG', '0.5 mg', '2026-10-27')];
    const plan = dosePlan({ ...base, supplies, nextDelivery: '2026-11-24', today: '2026-11-10' });
    expect(plan.current).toEqual({ dosage: '0.5 mg', since: '2026-09-29' });
    expect(plan.nextStep?.earliestOn).toBe('2026-11-24');
    expect(plan.steps.slice(0, 3).map((step) => step.status)).toEqual(['supplied', 'current', 'next']);
    const atTop = dosePlan({ ...base, supplies: [supply('WEGOVY-2-4MG', '2.4 mg', '2026-11-01')], nextDelivery: '2026-11-28', today: '2026-11-10' });
    expect(atTop.nextStep).toBeNull();
  });

  it('prices each dose for a quarterly delivery at the quarterly price, and says what a delivery covers', () => {
    const quarterly = dosePlan({ ...base, frequency: 90, steps: WEGOVY_STEPS.map((step) => ({ ...step, pricePerDelivery: step.pricePerDelivery * 3 - 600 })), supplies: [supply('WEGOVY-0-25MG', '0.25 mg', '2026-12-01')], nextDelivery: '2027-02-20', today: '2026-12-05' });
    expect(quarterly.deliveryCovers).toBe('3 months');
    expect(quarterly.steps[0]!.pricePerDelivery).toBe(44100);
    expect(quarterly.nextStep?.earliestOn).toBe('2027-02-20');
  });

  it('keeps the old price until a rise the patient was told of applies, and shows the change', () => {
    const notices = [{ variantCode: 'WEGOVY-0-25MG', oldUnitPrice: 14900, newUnitPrice: 15900, appliesFromDelivery: '2027-01-17' }];
    const raised = WEGOVY_STEPS.map((step) => (step.variantCode === 'WEGOVY-0-25MG' ? { ...step, pricePerDelivery: 15900 } : step));
    const before = dosePlan({ ...base, steps: raised, supplies: [supply('WEGOVY-0-25MG', '0.25 mg', '2026-12-01')], nextDelivery: '2026-12-18', today: '2026-12-05', notices });
    expect(before.steps[0]).toMatchObject({ pricePerDelivery: 14900, priceChange: { newPrice: 15900, appliesFrom: '2027-01-17' } });
    const applying = dosePlan({ ...base, steps: raised, supplies: [supply('WEGOVY-0-25MG', '0.25 mg', '2026-12-01')], nextDelivery: '2027-01-17', today: '2027-01-02', notices });
    expect(applying.steps[0]).toMatchObject({ pricePerDelivery: 15900, priceChange: { newPrice: 15900 } });
    const after = dosePlan({ ...base, steps: raised, supplies: [supply('WEGOVY-0-25MG', '0.25 mg', '2026-12-01')], nextDelivery: '2027-02-16', today: '2027-02-01', notices });
    expect(after.steps[0]).toMatchObject({ pricePerDelivery: 15900, priceChange: null });
  });

  it('a new dose comes with a delivery on or after the day allowed', () => {
    expect(firstDeliveryFrom('2026-12-29', '2026-12-18', 30)).toBe('2027-01-17');
    expect(firstDeliveryFrom('2026-12-10', '2026-12-18', 30)).toBe('2026-12-18');
    expect(firstDeliveryFrom('2026-12-29', null, 30)).toBe('2026-12-29');
  });
});

describe('a price change reaches a plan only after notice (PRICE_CHANGE_POLICY)', () => {
  it('rests on consumer law and says so', () => {
    expect(PRICE_CHANGE_POLICY.noticeDays).toBe(14);
    expect(PRICE_CHANGE_POLICY.source).toMatch(/Consumer Rights Act 2015.*CMA37/);
  });

  it('a rise applies from the first delivery charged at least 14 days after the notice, not before', () => {
    const rise = { frequency: 30, oldPrice: 14900, newPrice: 15900 };
    // Charged 3 days before each delivery: 18 Dec is charged 15 Dec, 14 days after 1 Dec exactly.
    expect(priceChangeAppliesFrom({ ...rise, nextDelivery: '2026-12-18', notifiedOn: '2026-12-01' })).toBe('2026-12-18');
    expect(priceChangeAppliesFrom({ ...rise, nextDelivery: '2026-12-18', notifiedOn: '2026-12-02' })).toBe('2027-01-17');
    expect(priceChangeAppliesFrom({ ...rise, frequency: 90, nextDelivery: '2026-12-18', notifiedOn: '2026-12-10' })).toBe('2027-03-18');
  });

  it('a fall applies from the coming delivery', () => {
    expect(priceChangeAppliesFrom({ frequency: 30, oldPrice: 15900, newPrice: 14900, nextDelivery: '2026-12-18', notifiedOn: '2026-12-10' })).toBe('2026-12-18');
  });
});
