import { describe, expect, it } from 'vitest';
import { REFERRAL_PROMOTION } from '../referrals/rewards';
import {
  couponRefusal,
  FIRST_ORDER_DISCOUNT_TAKEN_MESSAGE,
  isFirstOrder,
  NO_PROMOTION_HISTORY,
  PROMOTION_ALREADY_USED_MESSAGE,
  PROMOTION_TAKEN_MESSAGE,
  promotionsOpenTo,
  reservedDiscountRefusal,
  withinPatientLimit,
  type PromotionHistory,
} from './patient-uses';
import type { Promotion } from './promotions';

const promotion = (overrides: Partial<Promotion>): Promotion => ({
  code: 'SAVE10',
  name: '£10 off',
  kind: 'fixed',
  value: 1000,
  couponCode: 'SAVE10',
  exclusive: false,
  firstOrderOnly: false,
  perPatientLimit: 1,
  referral: false,
  variantCodes: [],
  ...overrides,
});
const welcome = promotion({ code: 'FIRST_ORDER_20', couponCode: 'WELCOME20', kind: 'percentage', value: 20, firstOrderOnly: true });
const history = (overrides: Partial<PromotionHistory>): PromotionHistory => ({ ...NO_PROMOTION_HISTORY, ...overrides });

describe('the first-order rule', () => {
  it('holds for a visitor not yet known and for a patient with no placed order', () => {
    expect(isFirstOrder(null)).toBe(true);
    expect(isFirstOrder(NO_PROMOTION_HISTORY)).toBe(true);
    expect(isFirstOrder(history({ placedOrders: 1 }))).toBe(false);
  });

  it('is reserved by an order waiting for its 3-D Secure step: no second basket gets it meanwhile', () => {
    expect(isFirstOrder(history({ firstOrderReserved: true }))).toBe(false);
    expect(promotionsOpenTo([welcome, REFERRAL_PROMOTION], history({ firstOrderReserved: true }))).toEqual([]);
  });
});

describe('the per-patient use limit', () => {
  const save10 = promotion({});
  it('counts placed orders and those reserving a use while they wait for their payment', () => {
    expect(withinPatientLimit(save10, NO_PROMOTION_HISTORY)).toBe(true);
    expect(withinPatientLimit(save10, history({ placedUses: { SAVE10: 1 } }))).toBe(false);
    expect(withinPatientLimit(save10, history({ pendingUses: { SAVE10: 1 } }))).toBe(false);
    expect(withinPatientLimit(promotion({ perPatientLimit: 2 }), history({ placedUses: { SAVE10: 1 } }))).toBe(true);
    expect(withinPatientLimit(promotion({ perPatientLimit: null }), history({ placedUses: { SAVE10: 9 } }))).toBe(true);
  });

  it('takes a spent promotion off the offers, leaving the others', () => {
    const trial = promotion({ code: 'SILDENAFIL_FREE_TRIAL', couponCode: null });
    expect(promotionsOpenTo([save10, trial], history({ placedOrders: 1, placedUses: { SILDENAFIL_FREE_TRIAL: 1 } }))).toEqual([save10]);
  });

  it('refuses a code already used on a placed order, in words; a waiting order does not refuse it', () => {
    expect(couponRefusal(save10, history({ placedUses: { SAVE10: 1 } }))).toBe(PROMOTION_ALREADY_USED_MESSAGE);
    expect(couponRefusal(save10, history({ pendingUses: { SAVE10: 1 } }))).toBeNull();
    expect(couponRefusal(save10, null)).toBeNull();
    expect(couponRefusal(promotion({ perPatientLimit: 3 }), history({ placedUses: { SAVE10: 3 } }))).toMatch(/as many times as it allows/);
  });
});

describe('a reserved discount when its order is placed', () => {
  it('stands when orders placed meanwhile did not carry it', () => {
    expect(reservedDiscountRefusal(welcome, history({ placedOrders: 2 }))).toBeNull();
  });

  it('falls when another placed order carried a first-order discount, or the last use', () => {
    expect(reservedDiscountRefusal(welcome, history({ placedOrders: 1, firstOrderUsed: true }))).toBe(FIRST_ORDER_DISCOUNT_TAKEN_MESSAGE);
    expect(reservedDiscountRefusal(REFERRAL_PROMOTION, history({ placedOrders: 1, firstOrderUsed: true }))).toBe(FIRST_ORDER_DISCOUNT_TAKEN_MESSAGE);
    expect(reservedDiscountRefusal(promotion({}), history({ placedUses: { SAVE10: 1 } }))).toBe(PROMOTION_TAKEN_MESSAGE);
  });
});
