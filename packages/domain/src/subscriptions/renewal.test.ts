import { describe, expect, it } from 'vitest';
import {
  cancelPlanSchema,
  deliveryAfterChange,
  doseOptions,
  nextChargeAttempt,
  patientMayCancel,
  pausePlanSchema,
  planChangeApplies,
  planChangeCutOff,
  planTermFor,
  planTermLabel,
  PLAN_MESSAGES,
  renewalChargeDate,
  renewalNoticeDate,
  resumedDelivery,
} from './renewal';

/** Noon in London on a UK date (GMT in winter). */
const at = (date: string, time = '12:00') => new Date(`${date}T${time}:00Z`);

describe('renewal dates', () => {
  it('charges three days before the delivery and says so three days before that', () => {
    expect(renewalChargeDate('2026-12-20')).toBe('2026-12-17');
    expect(renewalNoticeDate('2026-12-20')).toBe('2026-12-14');
  });

  it('takes changes for the coming delivery until 48 hours before its charge', () => {
    // Charged on 17 December (from 00:00): 48 hours before is the start of 15 December, so 14 December is the last day.
    expect(planChangeCutOff('2026-12-20')).toBe('2026-12-14');
    const plan = { state: 'active' as const, nextDelivery: '2026-12-20' };
    expect(planChangeApplies(plan, at('2026-12-14', '23:59'))).toBe('coming');
    expect(planChangeApplies(plan, at('2026-12-15', '00:00'))).toBe('following');
    expect(planChangeApplies({ ...plan, state: 'renewal_due' }, at('2026-12-13'))).toBe('coming');
  });

  it('applies every change to the following delivery once the coming one is ordered', () => {
    expect(planChangeApplies({ state: 'renewal_ordered', nextDelivery: '2026-12-20' }, at('2026-12-10'))).toBe('following');
    expect(planChangeApplies({ state: 'payment_failed', nextDelivery: '2026-12-20' }, at('2026-12-10'))).toBe('following');
  });

  it('reads the cut-off on the UK calendar across the clock change', () => {
    // 00:30 BST on 1 April is still 31 March in UTC.
    expect(planChangeApplies({ state: 'active', nextDelivery: '2026-04-06' }, new Date('2026-03-31T23:30:00Z'))).toBe('following');
    expect(planChangeApplies({ state: 'active', nextDelivery: '2026-04-06' }, new Date('2026-03-31T22:30:00Z'))).toBe('coming');
  });
});

describe('charge retries', () => {
  it('tries again on days 1, 3 and 7 after the first decline, then gives up', () => {
    expect(nextChargeAttempt('2026-12-17', 1)).toBe('2026-12-18');
    expect(nextChargeAttempt('2026-12-17', 2)).toBe('2026-12-20');
    expect(nextChargeAttempt('2026-12-17', 3)).toBe('2026-12-24');
    expect(nextChargeAttempt('2026-12-17', 4)).toBeNull();
  });
});

describe('pause, skip and resume', () => {
  it('moves the next delivery on by one or two periods', () => {
    expect(deliveryAfterChange('2026-12-20', 30, { kind: 'pause', periods: 1 })).toBe('2027-01-19');
    expect(deliveryAfterChange('2026-12-20', 30, { kind: 'pause', periods: 2 })).toBe('2027-02-18');
    expect(deliveryAfterChange('2026-12-20', 90, { kind: 'skip' })).toBe('2027-03-20');
  });

  it('resumes on the date before the pause, or a week and a day ahead when that is too close for a check-in', () => {
    expect(resumedDelivery('2026-12-20', at('2026-12-01'))).toBe('2026-12-20');
    expect(resumedDelivery('2026-12-20', at('2026-12-18'))).toBe('2026-12-26');
  });

  it('accepts a pause of 1 or 2 deliveries only, with the message', () => {
    expect(pausePlanSchema.safeParse({ periods: 2 }).success).toBe(true);
    const three = pausePlanSchema.safeParse({ periods: 3 });
    expect(three.success ? null : three.error.issues[0]!.message).toBe(PLAN_MESSAGES.pausePeriods);
  });
});

describe('cancelling', () => {
  it('lets a monthly plan go at any time and a 3-month plan only in the week before it renews', () => {
    expect(planTermLabel(1)).toBe('Cancel anytime');
    expect(planTermLabel(3)).toBe('Renew or cancel after 3 months');
    expect(planTermFor({ planMonths: 1, state: 'active', cancelScheduled: false })).toBe('Cancel anytime');
    expect(patientMayCancel({ planMonths: 1, nextDelivery: '2027-02-20', state: 'active' }, at('2026-12-01'))).toBe(true);
    expect(patientMayCancel({ planMonths: 3, nextDelivery: '2027-02-20', state: 'active' }, at('2026-12-01'))).toBe(false);
    expect(patientMayCancel({ planMonths: 3, nextDelivery: '2026-12-08', state: 'renewal_due' }, at('2026-12-01'))).toBe(true);
    expect(patientMayCancel({ planMonths: 3, nextDelivery: '2026-12-09', state: 'active' }, at('2026-12-01'))).toBe(false);
    expect(PLAN_MESSAGES.commitment(3)).toBe(
      'Your plan runs for 3 months, so you can renew or cancel it in the week before it renews. To cancel sooner, please contact our support team.',
    );
  });

  it('offers no term once a plan is cancelled or set to end', () => {
    expect(planTermFor({ planMonths: 1, state: 'cancelled', cancelScheduled: false })).toBeNull();
    expect(planTermFor({ planMonths: 3, state: 'cancelled', cancelScheduled: false })).toBeNull();
    expect(planTermFor({ planMonths: 1, state: 'renewal_ordered', cancelScheduled: true })).toBeNull();
  });

  it('asks for a reason from the list', () => {
    expect(cancelPlanSchema.safeParse({ reason: 'Side effects' }).success).toBe(true);
    const none = cancelPlanSchema.safeParse({ reason: 'because' });
    expect(none.success ? null : none.error.issues[0]!.message).toBe(PLAN_MESSAGES.reason);
  });
});

describe('dose options', () => {
  const variants = [
    { code: 'wg-1', dosage: '1 mg', position: 3 },
    { code: 'wg-025', dosage: '0.25 mg', position: 1 },
    { code: 'wg-05', dosage: '0.5 mg', position: 2 },
  ];

  it('offers the next lower, the same and the next higher dose; the higher one needs the prescriber', () => {
    expect(doseOptions(variants, 'wg-05')).toEqual([
      { variantCode: 'wg-025', dosage: '0.25 mg', relation: 'lower', needsPrescriber: false },
      { variantCode: 'wg-05', dosage: '0.5 mg', relation: 'same', needsPrescriber: false },
      { variantCode: 'wg-1', dosage: '1 mg', relation: 'higher', needsPrescriber: true },
    ]);
  });

  it('offers what exists at either end, and nothing for a dose it does not know', () => {
    expect(doseOptions(variants, 'wg-025').map((option) => option.relation)).toEqual(['same', 'higher']);
    expect(doseOptions(variants, 'wg-1').map((option) => option.relation)).toEqual(['lower', 'same']);
    expect(doseOptions(variants, 'other')).toEqual([]);
  });

  it('offers no higher dose while an increase is not yet allowed', () => {
    expect(doseOptions(variants, 'wg-05', { increaseAllowed: false }).map((option) => option.relation)).toEqual(['lower', 'same']);
  });
});
