import { describe, expect, it } from 'vitest';
import { referralOffer, REFERRAL_OFFER_SHORT } from './offer';
import { referralCredit } from './rewards';

describe('referralOffer', () => {
  it('promises no fixed sum before a friend orders: the share of their order, and the yearly cap', () => {
    const offer = referralOffer({ count: 0, amount: 0, yearlyCap: 20000 });
    expect(offer.heading).toBe('Give 20% off, get 20% back');
    expect(offer.heading).not.toMatch(/£/);
    expect(offer.text).toBe(
      "Your friend gets 20% off their first order. Once our clinician approves it, you get 20% of that order's price (before their discount) as credit, up to £200.00 a year, taken off your next order by itself.",
    );
  });

  it('says what friends have earned once one counts', () => {
    expect(referralOffer({ count: 2, amount: 7960, yearlyCap: 20000 }).heading).toBe('You have earned £79.60');
  });

  it('says the share the credit rule pays', () => {
    // A £199.00 order earns £39.80: the 20 % the words promise.
    expect(referralCredit(19900, 0, 20000)).toBe(3980);
    expect(REFERRAL_OFFER_SHORT).toContain('20% of it back');
  });
});
