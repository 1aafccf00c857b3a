import { describe, expect, it } from 'vitest';
import { isCustomerUid, referralLink, referrerFrom } from './link';

const uid = '0b7f5c52-94a4-4d8e-9a53-6f1f0d7e1c2a';

describe('referral links', () => {
  it('are the site base, the uid and the fixed raf code', () => {
    expect(referralLink('https://shop.example', uid)).toBe(`https://shop.example/r/${uid}?raf=friend`);
    expect(referralLink('http://localhost:3000/', uid)).toBe(`http://localhost:3000/r/${uid}?raf=friend`);
  });

  it('name their referrer only with the fixed code and a uid', () => {
    expect(referrerFrom(uid, 'friend')).toBe(uid);
    expect(referrerFrom(uid.toUpperCase(), 'friend')).toBe(uid);
    expect(referrerFrom(uid, null)).toBeNull();
    expect(referrerFrom(uid, 'FRIEND')).toBeNull();
    expect(referrerFrom('not-a-uid', 'friend')).toBeNull();
    expect(referrerFrom(undefined, 'friend')).toBeNull();
    expect(isCustomerUid(`${uid}x`)).toBe(false);
  });
});
