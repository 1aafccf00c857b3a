import { describe, expect, it } from 'vitest';
import type { ProductVariant } from '../catalog/product';
import { deliveryCharge, monthsOfDelivery, type DoseStep } from '../recommendations/dosage-table';
import {
  authorisedNowText,
  fromPriceText,
  laterPayments,
  laterPaymentText,
  lineTerms,
  optionPriceText,
  pricePeriodText,
} from './price-terms';

const step = (dosage: string, price: number): DoseStep => ({ dosage, price, discounted: false });
/** The seeded Wegovy monthly prices: 0.25, 0.5, 1, 1.7 and (optional) 2.4 mg. */
const WEGOVY = [step('0.25 mg', 14900), step('0.5 mg', 16900), step('1 mg', 19900), step('1.7 mg', 24900), step('2.4 mg', 27900)];

const variant = (code: string, prices: ProductVariant['prices'], inStock = true): ProductVariant =>
  ({ code, name: code, dosage: code, quantityPerMonth: 1, quantityPerMonthType: 'pen', inStock, prices }) as ProductVariant;

describe('optionPriceText', () => {
  it('says a month for plans, with what a quarter bills, and never a month for a one-off', () => {
    expect(optionPriceText({ freq: 30, price: 14900, discountedPrice: null, pricePerMonth: 14900 })).toBe('£149.00 a month');
    expect(optionPriceText({ freq: 90, price: 41700, discountedPrice: null, pricePerMonth: 13900 })).toBe('£139.00 a month, billed £417.00 every 3 months');
    expect(optionPriceText({ freq: 1, price: 15900, discountedPrice: null, pricePerMonth: 15900 })).toBe('£159.00 one-off');
    expect(optionPriceText({ freq: 1, price: 15900, discountedPrice: 12900, pricePerMonth: 12900 })).toBe('£129.00 one-off');
  });
});

describe('fromPriceText', () => {
  it('is the lowest monthly price of doses sold on subscription, never the one-off trial pack', () => {
    const trial = variant('trial', [{ freq: 1, price: 500, discountedPrice: null }]);
    const regular = variant('50 mg', [
      { freq: 30, price: 1999, discountedPrice: null },
      { freq: 1, price: 1500, discountedPrice: null },
    ]);
    expect(fromPriceText([trial, regular])).toBe('From £19.99 a month');
  });
  it('reads one-off for a treatment sold only once, and nothing without prices', () => {
    expect(fromPriceText([variant('pack', [{ freq: 1, price: 2500, discountedPrice: null }])])).toBe('From £25.00 one-off');
    expect(fromPriceText([])).toBeNull();
  });
  it('counts out-of-stock doses only when nothing is in stock', () => {
    const gone = variant('cheap', [{ freq: 30, price: 900, discountedPrice: null }], false);
    const here = variant('dear', [{ freq: 30, price: 1900, discountedPrice: null }]);
    expect(fromPriceText([gone, here])).toBe('From £19.00 a month');
    expect(fromPriceText([gone])).toBe('From £9.00 a month');
  });
});

describe('pricePeriodText', () => {
  it("is 'first month' for plans and 'one-off' for a single purchase", () => {
    expect(pricePeriodText(30)).toBe('first month');
    expect(pricePeriodText(90)).toBe('first month');
    expect(pricePeriodText(1)).toBe('one-off');
  });
});

describe('authorisedNowText', () => {
  it('says the amount is held, not charged, and nothing at all for a free order', () => {
    expect(authorisedNowText(14900)).toBe('£149.00 held today, not charged');
    expect(authorisedNowText(0)).toBe('Nothing to pay today');
  });
});

describe('laterPayments', () => {
  it('follows the dosage table month by month from the first dose, then holds', () => {
    const later = laterPayments({ steps: WEGOVY, startDosage: '0.25 mg', frequency: 30, gift: false });
    expect(later.map(laterPaymentText)).toEqual(['Month 2: £169.00 (0.5 mg)', 'Month 3: £199.00 (1 mg)', 'Month 4 onwards: £249.00 (1.7 mg)']);
  });
  it("takes the recurring-discount gift off months 2 and 3 for the 'gift' bucket", () => {
    const later = laterPayments({ steps: WEGOVY, startDosage: '0.25 mg', frequency: 30, gift: true });
    expect(later.map(laterPaymentText)).toEqual(['Month 2: £149.00 (0.5 mg)', 'Month 3: £179.00 (1 mg)', 'Month 4 onwards: £249.00 (1.7 mg)']);
  });
  it('starts from a higher dose where the patient starts', () => {
    const later = laterPayments({ steps: WEGOVY, startDosage: '1 mg', frequency: 30, gift: false });
    expect(later.map(laterPaymentText)).toEqual(['Month 2 onwards: £249.00 (1.7 mg)']);
  });
  it('holds an optional higher dose', () => {
    expect(laterPayments({ steps: WEGOVY, startDosage: '2.4 mg', frequency: 30, gift: false }).map(laterPaymentText)).toEqual(['Month 2 onwards: £279.00 (2.4 mg)']);
  });
  it('bills a quarter as its three months', () => {
    const later = laterPayments({ steps: WEGOVY, startDosage: '0.25 mg', frequency: 90, gift: false });
    expect(later.map(laterPaymentText)).toEqual(['Every 3 months from month 4: £747.00 (1.7 mg)']);
  });
  it('is empty for a one-off or a dose that is no step of the table', () => {
    expect(laterPayments({ steps: WEGOVY, startDosage: '0.25 mg', frequency: 1, gift: false })).toEqual([]);
    expect(laterPayments({ steps: WEGOVY, startDosage: 'trial', frequency: 30, gift: false })).toEqual([]);
  });
  it('is one steady payment for a treatment with one dose', () => {
    expect(laterPayments({ steps: [step('50 mg', 1999)], startDosage: '50 mg', frequency: 30, gift: false }).map(laterPaymentText)).toEqual([
      'Month 2 onwards: £19.99 (50 mg)',
    ]);
  });
});

describe('a renewal charges what the price terms showed (one rule: planMonthPrice)', () => {
  it("takes the gift off the 2nd and 3rd monthly deliveries for the 'gift' bucket, and off nothing else", () => {
    const shown = laterPayments({ steps: WEGOVY, startDosage: '0.25 mg', frequency: 30, gift: true }).map((payment) => payment.amount);
    // The deliveries' lines at the dose of each month (0.5 mg, 1 mg, 1.7 mg), before the gift.
    expect([deliveryCharge(16900, 2, 30, true), deliveryCharge(19900, 3, 30, true), deliveryCharge(24900, 4, 30, true)]).toEqual(shown);
    expect(deliveryCharge(16900, 2, 30, false)).toBe(16900);
    expect(deliveryCharge(14900, 1, 30, true)).toBe(14900);
  });
  it('takes nothing off a quarterly plan’s renewals (their months are 4 onwards), and never goes below nothing', () => {
    expect(monthsOfDelivery(2, 90)).toEqual([4, 5, 6]);
    expect(deliveryCharge(74700, 2, 90, true)).toBe(74700);
    expect(deliveryCharge(999, 2, 30, true)).toBe(0);
  });
});

describe('lineTerms', () => {
  const line = { productName: 'Wegovy', dosage: '0.25 mg', frequency: 30 as const, firstPayment: 14900, steps: WEGOVY };
  it('says a titrating plan follows the dose', () => {
    expect(lineTerms(line, { gift: false })).toMatchObject({ summary: 'Monthly subscription: £149.00 for the first delivery, then each payment follows your dose:' });
  });
  it('never says a month for a one-off, and a free trial costs nothing and never renews', () => {
    expect(lineTerms({ ...line, frequency: 1, firstPayment: 15900 }, { gift: false })).toEqual({ productName: 'Wegovy', summary: 'One-off purchase: £159.00, paid once. Nothing renews.', later: [] });
    expect(lineTerms({ ...line, productName: 'Sildenafil', dosage: '50 mg trial', frequency: 1, firstPayment: 0, steps: [] }, { gift: false }).summary).toBe(
      'One-off, free: nothing to pay, and nothing renews.',
    );
  });
  it('says a steady plan stays the same', () => {
    expect(lineTerms({ ...line, steps: [], dosage: '50 mg', firstPayment: 1999 }, { gift: false }).summary).toBe(
      'Monthly subscription: £19.99 for the first delivery, then the same each time unless your dose changes.',
    );
  });
});
