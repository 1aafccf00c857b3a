import { describe, expect, it } from 'vitest';
import { dividePence, formatPrice, formatPriceCompact, formatShipping, groupThousands } from './money';

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

describe('the written-out formatting', () => {
  const gbp = (digits: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: digits, maximumFractionDigits: digits });
  const amounts = [0, 5, 10, 99, 100, 101, 999, 1000, 99999, 100000, 100001, 1234567, 99999999, 100000000, 123456789012];

  it('reads exactly as en-GB formats GBP, signs and thousands included', () => {
    for (const amount of [...amounts, ...amounts.map((pence) => -pence).filter((pence) => pence !== 0)]) {
      expect(formatPrice(amount)).toBe(gbp(2).format(amount / 100));
      expect(formatPriceCompact(amount)).toBe(amount % 100 === 0 ? gbp(0).format(amount / 100) : gbp(2).format(amount / 100));
    }
  });

  it('groups counts as en-GB does', () => {
    for (const count of [0, 7, 999, 1000, 12345, 1234567]) expect(groupThousands(count)).toBe(count.toLocaleString('en-GB'));
  });

  it('stays exact to the penny where dividing by 100 in floating point would not', () => {
    expect(formatPrice(Number.MAX_SAFE_INTEGER)).toBe('£90,071,992,547,409.91');
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
