import { describe, expect, it } from 'vitest';
import { doseSteps, dosageTable } from './dosage-table';
import { assertScrollPercentage, availableFrequency, checkoutBlockedByStock, fromMonthlyPrice, recommendedOptionIndex, startingVariant } from './options';
import { groupRating, ratingLabel, ratingOutOfFive, reviewGroupOf, starsInHalfSteps } from './rating';

describe('recommendedOptionIndex', () => {
  it('is the first option in stock without its own tag', () => {
    expect(recommendedOptionIndex([{ outOfStock: true }, { tag: 'Best value', outOfStock: false }, { outOfStock: false }])).toBe(2);
    expect(recommendedOptionIndex([{ outOfStock: true }])).toBe(-1);
  });
});

describe('checkoutBlockedByStock', () => {
  it('blocks only when every treatment on offer is out of stock', () => {
    expect(checkoutBlockedByStock([{ outOfStock: true }])).toBe(true);
    expect(checkoutBlockedByStock([{ outOfStock: true }, { outOfStock: false }])).toBe(false);
    expect(checkoutBlockedByStock([])).toBe(false);
  });
});

describe('assertScrollPercentage', () => {
  it.each([0, 50, 100])('accepts %i', (value) => expect(assertScrollPercentage(value)).toBe(value));
  it.each([-1, 100.1, Number.NaN])('raises an error for %d', (value) => expect(() => assertScrollPercentage(value)).toThrow(RangeError));
});

describe('groupRating', () => {
  it('averages a SKU group by reviews, to one decimal', () => {
    expect(groupRating([{ numberOfReviews: 300, starsAverage: 4.8 }, { numberOfReviews: 100, starsAverage: 4.2 }])).toEqual({ rating: 4.7, label: 'Excellent!', reviews: 400 });
  });
  it("defaults to 4.5 and 'Excellent!' without data", () => {
    expect(groupRating([])).toEqual({ rating: 4.5, label: 'Excellent!', reviews: 0 });
  });
  it.each([
    [4.2, 4],
    [4.3, 4.5],
    [4.75, 5],
  ])('draws %d as %d stars', (rating, stars) => expect(starsInHalfSteps(rating)).toBe(stars));
  it('shows x/5', () => expect(ratingOutOfFive(4.5)).toBe('4.5/5'));
});

describe('dosageTable', () => {
  const step = (dosage: string, price: number, discounted = false) => ({ dosage, price, discounted });
  it('lists the titration by month and the higher doses as optional', () => {
    const table = dosageTable([step('2.5 mg', 19900), step('5 mg', 21900), step('7.5 mg', 24900), step('10 mg', 26900), step('12.5 mg', 28900)]);
    expect(table.rows.map((row) => [row.month, row.dosage, row.price])).toEqual([
      ['Month 1', '2.5 mg', '£199'],
      ['Month 2', '5 mg', '£219.00'],
      ['Month 3', '7.5 mg', '£249.00'],
      ['Month 4 onwards', '10 mg', '£269.00'],
    ]);
    expect(table.optionalRows.map((row) => row.dosage)).toEqual(['12.5 mg']);
  });
  it('shows the first row with pence only when discounted', () => {
    expect(dosageTable([step('0.25 mg', 15950, true)]).rows[0]!.price).toBe('£159.50');
  });
});

// ——— Boundaries ———

describe('recommendedOptionIndex at its edges', () => {
  it('skips an option that already carries a tag, even the first in stock', () => {
    expect(recommendedOptionIndex([{ tag: 'Best value', outOfStock: false }, { outOfStock: false }])).toBe(1);
  });
  it('treats an empty or null tag as no tag', () => {
    expect(recommendedOptionIndex([{ tag: '', outOfStock: false }])).toBe(0);
    expect(recommendedOptionIndex([{ tag: null, outOfStock: false }])).toBe(0);
  });
  it('is -1 for an empty list, and when every untagged option is out of stock', () => {
    expect(recommendedOptionIndex([])).toBe(-1);
    expect(recommendedOptionIndex([{ outOfStock: true }, { tag: 'New', outOfStock: false }])).toBe(-1);
  });
});

describe('assertScrollPercentage at its edges', () => {
  it.each([0, 0.5, 99.9, 100])('accepts %d', (value) => expect(assertScrollPercentage(value)).toBe(value));
  it.each([-0.01, 100.01, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('raises an error for %d', (value) =>
    expect(() => assertScrollPercentage(value)).toThrow('Scroll percentage must be between 0 and 100'),
  );
});

describe('availableFrequency', () => {
  const offered = (...freqs: (30 | 90 | 1)[]) => freqs.map((freq) => ({ freq }));
  it('keeps the chosen frequency while the dose sells at it', () => {
    expect(availableFrequency(offered(30, 90, 1), 90)).toBe(90);
    expect(availableFrequency(offered(30, 90, 1), 1)).toBe(1);
  });
  it('falls back to what the dose offers first (a one-off trial pack)', () => {
    expect(availableFrequency(offered(1), 30)).toBe(1);
    expect(availableFrequency(offered(30, 1), 90)).toBe(30);
  });
  it('is null for a dose with no price', () => expect(availableFrequency([], 30)).toBeNull());
});

describe('startingVariant', () => {
  const variants = [
    { code: 'A', inStock: false },
    { code: 'B', inStock: true },
    { code: 'C', inStock: true },
  ];
  it("starts on the consultation's preferred dose when it is in stock", () => expect(startingVariant(variants, 'C')?.code).toBe('C'));
  it('ignores a preferred dose that is out of stock or unknown', () => {
    expect(startingVariant(variants, 'A')?.code).toBe('B');
    expect(startingVariant(variants, 'Z')?.code).toBe('B');
    expect(startingVariant(variants, null)?.code).toBe('B');
  });
  it('is null when nothing is in stock', () => expect(startingVariant([{ code: 'A', inStock: false }], 'A')).toBeNull());
});

describe('review rating at its edges', () => {
  it.each([
    [0, 0],
    [0.24, 0],
    [0.25, 0.5],
    [4.24, 4],
    [4.25, 4.5],
    [4.74, 4.5],
    [4.75, 5],
    [5, 5],
    [5.3, 5],
    [-1, 0],
  ])('draws %d as %d stars', (rating, stars) => expect(starsInHalfSteps(rating)).toBe(stars));

  it('rounds the pooled average to one decimal', () => {
    expect(groupRating([{ numberOfReviews: 1, starsAverage: 4.44 }]).rating).toBe(4.4);
    expect(groupRating([{ numberOfReviews: 1, starsAverage: 4.46 }]).rating).toBe(4.5);
    // Weighted by reviews, not by product: 10 × 5 and 30 × 3 → 3.5.
    expect(groupRating([{ numberOfReviews: 10, starsAverage: 5 }, { numberOfReviews: 30, starsAverage: 3 }]).rating).toBe(3.5);
  });

  it('a group whose products have no reviews yet shows the default', () => {
    expect(groupRating([{ numberOfReviews: 0, starsAverage: 0 }])).toEqual({ rating: 4.5, label: 'Excellent!', reviews: 0 });
  });

  it.each([
    [4.3, 'Excellent!'],
    [4.2, 'Great'],
    [3.8, 'Great'],
    [3.7, 'Average'],
    [2.8, 'Average'],
    [2.7, 'Poor'],
    [1.8, 'Poor'],
    [1.7, 'Bad'],
  ])('labels %d as %s', (rating, label) => expect(ratingLabel(rating)).toBe(label));

  it('always shows one decimal', () => {
    expect(ratingOutOfFive(4)).toBe('4.0/5');
    expect(ratingOutOfFive(5)).toBe('5.0/5');
    expect(ratingOutOfFive(4.7)).toBe('4.7/5');
  });

  it('finds the SKU group of a product, or none', () => {
    expect(reviewGroupOf('MINOXIDIL')).toBe('hair');
    expect(reviewGroupOf('TADALAFIL')).toBe('tadalafil');
    expect(reviewGroupOf('WEGOVY')).toBeNull();
  });
});

describe('dosageTable at its edges', () => {
  const step = (dosage: string, price: number, discounted = false) => ({ dosage, price, discounted });
  it('has no table rows for no steps', () => expect(dosageTable([])).toEqual({ rows: [], optionalRows: [] }));
  it("says 'onwards' only when higher doses follow the titration", () => {
    const four = dosageTable([step('a', 100), step('b', 100), step('c', 100), step('d', 100)]);
    expect(four.rows.at(-1)!.month).toBe('Month 4');
    expect(four.optionalRows).toEqual([]);
  });
  it('a whole-pound first row shows no decimals; later rows always two', () => {
    const table = dosageTable([step('a', 14900), step('b', 15000)]);
    expect(table.rows.map((row) => row.price)).toEqual(['£149', '£150.00']);
  });
  it('a discounted first row shows two decimals even in whole pounds', () => {
    expect(dosageTable([step('a', 14900, true)]).rows[0]!.price).toBe('£149.00');
  });
  it('never rounds away pence an undiscounted first row has', () => {
    expect(dosageTable([step('a', 14950)]).rows[0]!.price).toBe('£149.50');
  });
  it('optional rows always show two decimals', () => {
    const table = dosageTable([step('a', 1), step('b', 1), step('c', 1), step('d', 1), step('e', 27900), step('f', 29900, true)]);
    expect(table.optionalRows.map((row) => [row.month, row.dosage, row.price])).toEqual([
      ['', 'e', '£279.00'],
      ['', 'f', '£299.00'],
    ]);
  });
});

describe('doseSteps', () => {
  const variant = (code: string, prices: { freq: 30 | 90 | 1; price: number; discountedPrice: number | null }[]) => ({
    code,
    name: code,
    dosage: code,
    quantityPerMonth: 1,
    quantityPerMonthType: 'pen',
    inStock: true,
    prices,
  });
  const variants = [
    variant('0.25 mg', [
      { freq: 30, price: 14900, discountedPrice: null },
      { freq: 90, price: 41700, discountedPrice: 40500 },
      { freq: 1, price: 15900, discountedPrice: null },
    ]),
    variant('trial', [{ freq: 1, price: 500, discountedPrice: null }]),
  ];
  it("prices each dose per month at the chosen frequency, and marks a discounted one", () => {
    expect(doseSteps(variants, 30)).toEqual([{ dosage: '0.25 mg', price: 14900, discounted: false }]);
    expect(doseSteps(variants, 90)).toEqual([{ dosage: '0.25 mg', price: 13500, discounted: true }]);
  });
  it('leaves out doses not sold at that frequency', () => {
    expect(doseSteps(variants, 1).map((step) => step.dosage)).toEqual(['0.25 mg', 'trial']);
  });
});

describe('fromMonthlyPrice', () => {
  const variant = (code: string, inStock: boolean, prices: { freq: 30 | 90 | 1; price: number; discountedPrice: number | null }[]) => ({
    code,
    name: code,
    dosage: code,
    quantityPerMonth: 8,
    quantityPerMonthType: 'tablet',
    inStock,
    prices,
  });
  const regular = variant('50 mg', true, [
    { freq: 30, price: 2199, discountedPrice: null },
    { freq: 90, price: 5997, discountedPrice: null },
    { freq: 1, price: 2399, discountedPrice: null },
  ]);
  it('is the lowest monthly cost, quarterly counted per month', () => expect(fromMonthlyPrice([regular])).toBe(1999));
  it('leaves out a pack sold only once, and doses out of stock', () => {
    const trial = variant('trial', true, [{ freq: 1, price: 500, discountedPrice: null }]);
    const cheapButGone = variant('25 mg', false, [{ freq: 30, price: 999, discountedPrice: null }]);
    expect(fromMonthlyPrice([regular, trial, cheapButGone])).toBe(1999);
  });
  it('is null when nothing in stock is sold on subscription', () => {
    expect(fromMonthlyPrice([variant('trial', true, [{ freq: 1, price: 500, discountedPrice: null }])])).toBeNull();
    expect(fromMonthlyPrice([])).toBeNull();
  });
});
