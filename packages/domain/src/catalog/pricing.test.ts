import { describe, expect, it } from 'vitest';
import type { ProductVariant } from './product';
import { frequencyOptions, lowestMonthlyPrice, saveLabel, savePercent } from './pricing';

const variant = (prices: ProductVariant['prices'], inStock = true): ProductVariant => ({
  code: 'WEGOVY-025',
  name: '0.25 mg',
  dosage: '0.25 mg',
  quantityPerMonth: 4,
  quantityPerMonthType: 'pens',
  inStock,
  prices,
});

describe('savePercent', () => {
  it('rounds the saving against one-off', () => {
    expect(savePercent(18900, 19900)).toBe(5);
    expect(savePercent(17910, 19900)).toBe(10);
    expect(savePercent(100, 300)).toBe(67);
  });
  it('is null when there is no saving', () => {
    expect(savePercent(19900, 19900)).toBeNull();
    expect(savePercent(20000, 19900)).toBeNull();
    expect(savePercent(19899, 19900)).toBeNull();
    expect(savePercent(100, 0)).toBeNull();
  });
  it('labels the saving', () => {
    expect(saveLabel(12)).toBe('Save 12%');
    expect(saveLabel(null)).toBeNull();
  });
});

describe('frequencyOptions', () => {
  const prices: ProductVariant['prices'] = [
    { freq: 1, price: 19900, discountedPrice: null },
    { freq: 90, price: 53700, discountedPrice: null },
    { freq: 30, price: 18900, discountedPrice: null },
  ];

  it('lists monthly, quarterly then one-off with per-month prices', () => {
    const options = frequencyOptions(variant(prices));
    expect(options.map((o) => o.freq)).toEqual([30, 90, 1]);
    expect(options.map((o) => o.pricePerMonth)).toEqual([18900, 17900, 19900]);
    expect(options.map((o) => o.savePercent)).toEqual([5, 10, null]);
  });

  it('uses the discounted price for the saving', () => {
    const [monthly] = frequencyOptions(variant([{ freq: 30, price: 18900, discountedPrice: 9900 }, prices[0]!]));
    expect(monthly?.pricePerMonth).toBe(9900);
    expect(monthly?.savePercent).toBe(50);
  });

  it('marks every option of an out-of-stock variant', () => {
    expect(frequencyOptions(variant(prices, false)).every((o) => o.outOfStock)).toBe(true);
  });

  it('finds the lowest monthly price', () => {
    expect(lowestMonthlyPrice([variant(prices)])).toBe(17900);
    expect(lowestMonthlyPrice([])).toBeNull();
  });
});
