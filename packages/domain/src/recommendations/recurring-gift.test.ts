import { describe, expect, it } from 'vitest';
import { accountBucket, bucketFor, bucketWithOverride, CRITICAL_TASKS_APP_EXPERIMENT, experimentQueryParam, RECURRING_DISCOUNT_EXPERIMENT, visitorBuckets } from '../experiments/bucket';
import { dosageTable, RECURRING_GIFT_PENCE, withRecurringGift, type DoseStep } from './dosage-table';

const step = (dosage: string, price: number): DoseStep => ({ dosage, price, discounted: false });

describe('withRecurringGift', () => {
  it('takes £20 off the 2nd and 3rd months only', () => {
    expect(RECURRING_GIFT_PENCE).toBe(2000);
    const steps = [step('0.25mg', 14900), step('0.5mg', 16900), step('1mg', 18900), step('1.7mg', 22900), step('2.4mg', 24900)];
    expect(withRecurringGift(steps).map((entry) => entry.price)).toEqual([14900, 14900, 16900, 22900, 24900]);
    expect(withRecurringGift(steps).map((entry) => entry.discounted)).toEqual([false, true, true, false, false]);
  });

  it('never makes a month cost less than nothing', () => {
    const gifted = withRecurringGift([step('a', 500), step('b', 1999), step('c', 2000), step('d', 100)]);
    expect(gifted.map((entry) => entry.price)).toEqual([500, 0, 0, 100]);
  });

  it('leaves a table of one month, or none, as it was', () => {
    expect(withRecurringGift([])).toEqual([]);
    expect(withRecurringGift([step('a', 9900)])).toEqual([step('a', 9900)]);
    expect(withRecurringGift([step('a', 9900), step('b', 12000)]).map((entry) => entry.price)).toEqual([9900, 10000]);
  });

  it('shows the gifted months with pence, as discounted rows', () => {
    const { rows } = dosageTable(withRecurringGift([step('0.25mg', 14900), step('0.5mg', 16900), step('1mg', 18900)]));
    expect(rows.map((row) => row.price)).toEqual(['£149', '£149.00', '£169.00']);
  });
});

describe('the recurring-discount bucket', () => {
  it('is the subject’s own, stable, unless a known bucket is forced', () => {
    const subject = 'a3c1f0de-0000-4000-8000-000000000001';
    const own = bucketFor(RECURRING_DISCOUNT_EXPERIMENT, subject);
    expect(bucketWithOverride(RECURRING_DISCOUNT_EXPERIMENT, subject, null)).toBe(own);
    expect(bucketWithOverride(RECURRING_DISCOUNT_EXPERIMENT, subject, 'nonsense')).toBe(own);
    expect(bucketWithOverride(RECURRING_DISCOUNT_EXPERIMENT, subject, 'gift')).toBe('gift');
    expect(bucketWithOverride(RECURRING_DISCOUNT_EXPERIMENT, subject, 'control')).toBe('control');
    expect(experimentQueryParam(RECURRING_DISCOUNT_EXPERIMENT)).toBe('experiment-recurring-discount');
  });

  it('splits subjects between both buckets', () => {
    const buckets = new Set(Array.from({ length: 40 }, (_, index) => bucketFor(RECURRING_DISCOUNT_EXPERIMENT, `visitor-${index}`)));
    expect(buckets).toEqual(new Set(['control', 'gift']));
  });
});

describe('carrying the visitor’s bucket over to their account', () => {
  it('gives the account the buckets the visitor was in, whatever its own uid would give', () => {
    const visitors = Array.from({ length: 40 }, (_, index) => `visitor-${index}`);
    const giftVisitor = visitors.find((id) => bucketFor(RECURRING_DISCOUNT_EXPERIMENT, id) === 'gift')!;
    const controlUid = visitors.find((id) => bucketFor(RECURRING_DISCOUNT_EXPERIMENT, id) === 'control')!;
    const carried = visitorBuckets(giftVisitor);
    // Every experiment's bucket travels with the visitor, this one's among them.
    expect(carried).toEqual({ 'recurring-discount': 'gift', [CRITICAL_TASKS_APP_EXPERIMENT.name]: bucketFor(CRITICAL_TASKS_APP_EXPERIMENT, giftVisitor) });
    // Signed in, the stored (carried) bucket wins over the browser's and the uid's.
    expect(accountBucket(RECURRING_DISCOUNT_EXPERIMENT, carried, controlUid)).toBe('gift');
  });

  it('falls back to the browser’s bucket until the account’s is known, and ignores a bucket the experiment lacks', () => {
    const visitor = 'visitor-7';
    const own = bucketFor(RECURRING_DISCOUNT_EXPERIMENT, visitor);
    expect(accountBucket(RECURRING_DISCOUNT_EXPERIMENT, undefined, visitor)).toBe(own);
    expect(accountBucket(RECURRING_DISCOUNT_EXPERIMENT, { 'recurring-discount': 'free-money' }, visitor)).toBe(own);
  });

  it('shows the control where the browser is unknown (a page rendered on the server), unless the account holds a bucket', () => {
    expect(accountBucket(RECURRING_DISCOUNT_EXPERIMENT, undefined, null)).toBe('control');
    expect(accountBucket(RECURRING_DISCOUNT_EXPERIMENT, { 'recurring-discount': 'gift' }, null)).toBe('gift');
  });
});
