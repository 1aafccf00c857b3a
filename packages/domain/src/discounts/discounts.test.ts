import { describe, expect, it } from 'vitest';
import { discountLabel, isFirstOrderDiscountName } from './labels';
import { applyPromotions, promotionAmount, type Promotion } from './promotions';

const promotion = (overrides: Partial<Promotion>): Promotion => ({
  code: 'P',
  name: 'Promotion',
  kind: 'percentage',
  value: 10,
  couponCode: null,
  exclusive: false,
  firstOrderOnly: false,
  perPatientLimit: null,
  referral: false,
  variantCodes: [],
  ...overrides,
});
const lines = [
  { variantCode: 'WEGOVY-0-25MG', total: 19900 },
  { variantCode: 'POWER-SHAMPOO-250ML', total: 1500 },
];

describe('promotionAmount', () => {
  it('takes a rounded percentage of the lines it covers', () => {
    expect(promotionAmount(promotion({ value: 20 }), lines)).toBe(4280);
    expect(promotionAmount(promotion({ value: 20, variantCodes: ['POWER-SHAMPOO-250ML'] }), lines)).toBe(300);
  });
  it('never takes more than the lines cost', () => {
    expect(promotionAmount(promotion({ kind: 'fixed', value: 5000, variantCodes: ['POWER-SHAMPOO-250ML'] }), lines)).toBe(1500);
  });
  it('is nothing when no line is covered', () => {
    expect(promotionAmount(promotion({ variantCodes: ['OTHER'] }), lines)).toBe(0);
  });
});

describe('applyPromotions', () => {
  const firstOrder = promotion({ code: 'FIRST20', name: '20% off your first order', value: 20, couponCode: 'WELCOME20', firstOrderOnly: true });
  const fiver = promotion({ code: 'FIVER', name: '£5 off', kind: 'fixed', value: 500, couponCode: 'FIVER' });
  const bigExclusive = promotion({ code: 'HALF', name: '50% off', value: 50, exclusive: true, couponCode: 'HALF' });
  const smallExclusive = promotion({ code: 'TINY', name: '1% off', value: 1, exclusive: true });

  it('stacks non-exclusive promotions', () => {
    expect(applyPromotions([firstOrder, fiver], lines, { isFirstOrder: true }).map((d) => [d.code, d.amount])).toEqual([
      ['FIRST20', 4280],
      ['FIVER', 500],
    ]);
  });
  it('keeps first-order promotions to first orders', () => {
    expect(applyPromotions([firstOrder], lines, { isFirstOrder: false })).toEqual([]);
  });
  it('lets an exclusive promotion replace the others only when it is worth more', () => {
    expect(applyPromotions([firstOrder, fiver, bigExclusive], lines, { isFirstOrder: true }).map((d) => d.code)).toEqual(['HALF']);
    expect(applyPromotions([firstOrder, fiver, smallExclusive], lines, { isFirstOrder: true }).map((d) => d.code)).toEqual(['FIRST20', 'FIVER']);
  });
  it('never discounts below zero', () => {
    const all = applyPromotions([promotion({ kind: 'fixed', value: 20000 }), promotion({ code: 'Q', kind: 'fixed', value: 20000 })], lines, { isFirstOrder: true });
    expect(all.reduce((sum, d) => sum + d.amount, 0)).toBe(21400);
  });
  it('marks coupon-based discounts, which the patient may remove', () => {
    const [applied] = applyPromotions([fiver], lines, { isFirstOrder: false });
    expect(applied).toMatchObject({ isCouponBased: true, isExclusive: false });
  });
});

describe('discountLabel', () => {
  it.each([
    [{ name: '20% off your first order', amount: 4280, isReferral: false }, '20% OFF'],
    [{ name: '£5 off', amount: 500, isReferral: false }, '2% OFF'],
    [{ name: 'Friend referral', amount: 4280, isReferral: true }, 'REFERRAL DISCOUNT'],
  ])('%j → %s', (discount, label) => {
    expect(discountLabel(discount, 21400)).toBe(label);
  });
});

describe('isFirstOrderDiscountName', () => {
  it.each([
    ['20% off your First order', true],
    ['--', true],
    ['Summer sale', false],
  ])('%j → %s', (name, expected) => {
    expect(isFirstOrderDiscountName(name)).toBe(expected);
  });
});
