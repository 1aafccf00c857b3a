import { describe, expect, it } from 'vitest';
import { checkCard, isCardExpired, parseCardExpiry, passesLuhn } from './card';

const today = new Date('2026-11-23T12:00:00Z');

describe('passesLuhn', () => {
  it.each(['4242424242424242', '4000000000003220', '4000000000000002', '378282246310005'])('accepts %s', (n) => expect(passesLuhn(n)).toBe(true));
  it.each(['4242424242424241', '42424242424', '42424242424242424242', '4242x24242424242', ''])('rejects %j', (n) => expect(passesLuhn(n)).toBe(false));
});

describe('parseCardExpiry', () => {
  it.each([
    ['01/27', { month: 1, year: 2027 }],
    ['12 / 2030', { month: 12, year: 2030 }],
    ['1227', { month: 12, year: 2027 }],
  ])('%s', (text, parsed) => expect(parseCardExpiry(text)).toEqual(parsed));
  it.each(['00/27', '13/27', '1/2', 'ab/cd', ''])('rejects %j', (text) => expect(parseCardExpiry(text)).toBeNull());
});

describe('isCardExpired', () => {
  it('is good until the end of its month', () => {
    expect(isCardExpired({ month: 11, year: 2026 }, today)).toBe(false);
    expect(isCardExpired({ month: 10, year: 2026 }, today)).toBe(true);
    expect(isCardExpired({ month: 1, year: 2027 }, today)).toBe(false);
    expect(isCardExpired({ month: 12, year: 2025 }, today)).toBe(true);
  });
});

describe('checkCard', () => {
  const good = { name: ' Sam Taylor ', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
  it('gives the card details to tokenise', () => {
    expect(checkCard(good, today)).toEqual({
      valid: true,
      card: { name: 'Sam Taylor', number: '4242424242424242', expiryMonth: 12, expiryYear: 2030, cvc: '123' },
    });
  });
  it('requires the holder name', () => {
    expect(checkCard({ ...good, name: '  ' }, today)).toEqual({ valid: false, nameMissing: true });
  });
  it.each([{ number: '4242 4242 4242 4241' }, { expiry: '10/26' }, { cvc: '12' }, { cvc: '12345' }])('refuses %j', (change) => {
    expect(checkCard({ ...good, ...change }, today)).toEqual({ valid: false, nameMissing: false });
  });
  it('accepts a four-digit security code (Amex)', () => {
    expect(checkCard({ ...good, number: '378282246310005', cvc: '1234' }, today).valid).toBe(true);
  });
});
