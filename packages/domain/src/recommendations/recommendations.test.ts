import { describe, expect, it } from 'vitest';
import { dosageTable } from './dosage-table';
import { assertScrollPercentage, checkoutBlockedByStock, recommendedOptionIndex } from './options';
import { groupRating, ratingOutOfFive, starsInHalfSteps } from './rating';

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
