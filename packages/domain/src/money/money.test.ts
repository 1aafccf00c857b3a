import { describe, expect, it } from 'vitest';
import { dividePence, formatPrice, formatPriceCompact, formatShipping } from './money';

describe('formatPrice', () => {
  it.each([
    [0, '£0.00'],
    [1, '£0.01'],
    [99, '£0.99'],
    [1299, '£12.99'],
    [19900, '£199.00'],
    [123456789, '£1,234,567.89'],
    [-500, '-£5.00'],
  ])('%i pence reads %s', (pence, text) => {
    expect(formatPrice(pence)).toBe(text);
  });

  it('refuses fractions of a penny', () => {
    expect(() => formatPrice(12.5)).toThrow(RangeError);
  });
});

describe('formatPriceCompact', () => {
  it('drops the decimals of whole pounds only', () => {
    expect(formatPriceCompact(19900)).toBe('£199');
    expect(formatPriceCompact(19950)).toBe('£199.50');
  });
});

describe('formatShipping', () => {
  it('shows Free for nothing and a price otherwise', () => {
    expect(formatShipping(0)).toBe('Free');
    expect(formatShipping(395)).toBe('£3.95');
  });
});

describe('dividePence', () => {
  it('splits a quarterly price into months, rounding half up', () => {
    expect(dividePence(59700, 3)).toBe(19900);
    expect(dividePence(100, 3)).toBe(33);
    expect(dividePence(101, 2)).toBe(51);
  });
  it('refuses a non-positive divisor', () => {
    expect(() => dividePence(100, 0)).toThrow(RangeError);
  });
});
