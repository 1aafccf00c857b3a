import { describe, expect, it } from 'vitest';
import type { Promotion } from '../discounts/promotions';
import {
  creditToSpend,
  hasReferralDiscount,
  normaliseEmail,
  offersWithReferral,
  referralCredit,
  referralCreditTakenBack,
  referralSummary,
  REFERRAL_PROMOTION,
  sameDeliveryAddress,
  selfReferral,
  type ReferralParty,
} from './rewards';

const welcome: Promotion = { ...REFERRAL_PROMOTION, code: 'FIRST_ORDER_20', name: '20% off your first order', referral: false, couponCode: 'WELCOME20' };
const trial: Promotion = { ...REFERRAL_PROMOTION, code: 'TRIAL', name: 'Trial', referral: false, firstOrderOnly: false, kind: 'fixed', value: 500 };

describe('the friend’s referral discount', () => {
  it('replaces any other first-order discount and keeps the rest', () => {
    expect(offersWithReferral([welcome, trial], true).map((offer) => offer.code)).toEqual(['TRIAL', 'REFERRAL_20']);
    expect(offersWithReferral([welcome, trial], false)).toEqual([welcome, trial]);
  });
  it('is recognised on a placed order by its code', () => {
    expect(hasReferralDiscount([{ code: 'TRIAL' }, { code: 'REFERRAL_20' }])).toBe(true);
    expect(hasReferralDiscount([{ code: 'FIRST_ORDER_20' }])).toBe(false);
  });
});

describe('self-referral', () => {
  it('reads one mailbox through dots, plus tags and case', () => {
    expect(normaliseEmail(' Jo.Reed+friend@Example.com ')).toBe('joreed@example.com');
    expect(normaliseEmail('joreed@example.com')).toBe('joreed@example.com');
  });
  it('finds the same door through spacing and case', () => {
    expect(sameDeliveryAddress({ company: '12 High Street', street: '', postcode: 'LS1 4AP' }, { company: '12 high street', postcode: 'ls14ap' })).toBe(true);
    expect(sameDeliveryAddress({ company: 'Flat 2', street: '12 High Street', postcode: 'LS1 4AP' }, { company: 'Flat 2, 12 High Street', postcode: 'LS1 4AP' })).toBe(true);
    expect(sameDeliveryAddress({ company: '12 High Street', postcode: 'LS1 4AP' }, { company: '14 High Street', postcode: 'LS1 4AP' })).toBe(false);
    expect(sameDeliveryAddress({ street: '', postcode: '' }, { street: '', postcode: '' })).toBe(false);
  });
  const referrer: ReferralParty = { customerId: 1, email: 'jo.reed@example.com', addresses: [{ street: '1 Park Road', postcode: 'LS1 4AP' }], cards: ['visa:4242:12/2030'] };
  const friend: ReferralParty = { customerId: 2, email: 'sam@example.com', addresses: [{ street: '9 Mill Lane', postcode: 'M1 1AA' }], cards: ['visa:1111:01/2029'] };
  it('names each way a referral is the referrer’s own, and none for a real friend', () => {
    expect(selfReferral(referrer, friend)).toBeNull();
    expect(selfReferral(referrer, { ...friend, customerId: 1 })).toBe('same_account');
    expect(selfReferral(referrer, { ...friend, email: 'joreed+2@example.com' })).toBe('same_email');
    expect(selfReferral(referrer, { ...friend, cards: ['visa:4242:12/2030'] })).toBe('same_card');
    expect(selfReferral(referrer, { ...friend, addresses: [{ street: '1 park road', postcode: 'ls1 4ap' }] })).toBe('same_address');
    expect(selfReferral(referrer, { ...friend, addresses: [{ company: 'Flat A', street: '1 Park Rd.', postcode: 'LS14AP' }] })).toBe('same_address');
    expect(selfReferral({ ...referrer, cards: ['fingerprint:B16D9C2E'] }, { ...friend, cards: ['fingerprint:B16D9C2E'] })).toBe('same_card');
  });
});

describe('the referrer’s credit', () => {
  it('is 20 % of the friend’s subtotal, rounded to the penny', () => {
    expect(referralCredit(19900, 0, 100000)).toBe(3980);
    expect(referralCredit(12345, 0, 100000)).toBe(2469);
  });
  it('stops at the yearly cap and is nothing once it is reached', () => {
    expect(referralCredit(19900, 9000, 10000)).toBe(1000);
    expect(referralCredit(19900, 10000, 10000)).toBe(0);
    expect(referralCredit(19900, 12000, 10000)).toBe(0);
  });
  it('is spent up to what the order costs', () => {
    expect(creditToSpend(3980, 19900)).toBe(3980);
    expect(creditToSpend(3980, 2000)).toBe(2000);
    expect(creditToSpend(0, 2000)).toBe(0);
  });
  it('summary shows what friends earned (nothing yet without one) and the yearly cap', () => {
    expect(referralSummary(0, 0, 20000)).toEqual({ count: 0, amount: 0, yearlyCap: 20000 });
    expect(referralSummary(2, 7960, 20000)).toEqual({ count: 2, amount: 7960, yearlyCap: 20000 });
  });
});

describe('referral credit taken back by a refund of the friend’s order', () => {
  const credit = 2980;
  it('takes back the refunded share of the credit, growing with each refund, never more than the credit', () => {
    expect(referralCreditTakenBack({ credit, paid: 14900, refunded: 7450, taken: 0, balance: credit })).toBe(1490);
    expect(referralCreditTakenBack({ credit, paid: 14900, refunded: 14900, taken: 1490, balance: 1490 })).toBe(credit);
    expect(referralCreditTakenBack({ credit, paid: 14900, refunded: 20000, taken: 0, balance: 9000 })).toBe(credit);
  });

  it('never takes the referrer below zero: credit already spent is not asked back', () => {
    expect(referralCreditTakenBack({ credit, paid: 14900, refunded: 14900, taken: 0, balance: 500 })).toBe(500);
    expect(referralCreditTakenBack({ credit, paid: 14900, refunded: 7450, taken: 0, balance: 0 })).toBe(0);
    expect(referralCreditTakenBack({ credit, paid: 14900, refunded: 14900, taken: 1490, balance: -200 })).toBe(1490);
  });

  it('takes nothing back twice for the same refunds', () => {
    expect(referralCreditTakenBack({ credit, paid: 14900, refunded: 7450, taken: 1490, balance: 1490 })).toBe(1490);
  });
});
