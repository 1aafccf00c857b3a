import { monthsPerDelivery, type Frequency } from '../catalog/frequency';
import { effectivePrice } from '../catalog/pricing';
import type { ProductVariant } from '../catalog/product';
import { dividePence, formatPrice, formatPriceCompact, type Pence } from '../money/money';

export const OPTIONAL_DOSES_ROW = 'Optional higher doses, if required';
/** Most titrations step up monthly for four months and then hold; doses past that are optional. */
export const TITRATION_MONTHS = 4;

export interface DoseStep {
  dosage: string;
  /** What one month costs at this dose. */
  price: Pence;
  discounted: boolean;
}

export interface DosageRow {
  month: string;
  dosage: string;
  price: string;
}

/**
 * The dosage-per-month table: a month per step of the titration, then the higher doses as optional rows.
 * The first row shows pence only when its price is discounted (SPEC §9).
 */
export function dosageTable(steps: readonly DoseStep[], titrationMonths = TITRATION_MONTHS): { rows: DosageRow[]; optionalRows: DosageRow[] } {
  const rows = steps.slice(0, titrationMonths).map((step, index) => ({
    month: index === titrationMonths - 1 && steps.length > titrationMonths ? `Month ${index + 1} onwards` : `Month ${index + 1}`,
    dosage: step.dosage,
    // Never rounded: a price with pence keeps them, whatever the row.
    price: index === 0 && !step.discounted ? formatPriceCompact(step.price) : formatPrice(step.price),
  }));
  const optionalRows = steps.slice(titrationMonths).map((step) => ({ month: '', dosage: step.dosage, price: formatPrice(step.price) }));
  return { rows, optionalRows };
}

/**
 * The dose steps of a titrating treatment at one frequency, in the catalogue's order: what a month costs at
 * each dose (a quarterly delivery divided by three). Variants not sold at that frequency (a one-off trial
 * pack) are no step of the titration and are left out.
 */
export function doseSteps(variants: readonly ProductVariant[], frequency: Frequency): DoseStep[] {
  return variants.flatMap((variant) => {
    const price = variant.prices.find((candidate) => candidate.freq === frequency);
    if (!price) return [];
    return [{ dosage: variant.dosage, price: dividePence(effectivePrice(price), monthsPerDelivery(frequency)), discounted: price.discountedPrice !== null }];
  });
}

/** The recurring-discount test's gift (SPEC §9): £20 off the 2nd and 3rd month of the titration. */
export const RECURRING_GIFT_PENCE = 2000;
export const RECURRING_GIFT_MONTHS: readonly number[] = [2, 3];

/**
 * What one month of a plan costs (`month` 1-based from the plan's start): its price, less the recurring-discount gift
 * in the gift's months when the patient's bucket has it (never below nothing). The one rule the dosage table, the
 * price terms at checkout and the renewal's charge all follow.
 */
export function planMonthPrice(price: Pence, month: number, gift: boolean): Pence {
  return gift && RECURRING_GIFT_MONTHS.includes(month) ? Math.max(0, price - RECURRING_GIFT_PENCE) : price;
}

/** The months of the plan (1-based) that its `delivery`-th delivery pays for: a quarterly plan's second delivery pays for months 4–6. */
export function monthsOfDelivery(delivery: number, frequency: Frequency): number[] {
  const months = monthsPerDelivery(frequency);
  return Array.from({ length: months }, (_, offset) => (delivery - 1) * months + 1 + offset);
}

/**
 * What the `delivery`-th delivery of a plan charges when its lines cost `price`: each month it pays for at its share
 * of the price, with the gift taken off in the gift's months (planMonthPrice), as the price terms showed it.
 */
export function deliveryCharge(price: Pence, delivery: number, frequency: Frequency, gift: boolean): Pence {
  const months = monthsOfDelivery(delivery, frequency);
  const share = price / months.length;
  const off = months.reduce((sum, month) => sum + (share - planMonthPrice(share, month, gift)), 0);
  return price - Math.round(off);
}

/**
 * The dose steps as the 'gift' bucket of the recurring-discount test sees them: the 2nd and 3rd months cost
 * £20 less (never below nothing) and show as discounted; every other month is as sold.
 */
export function withRecurringGift(steps: readonly DoseStep[]): DoseStep[] {
  return steps.map((step, index) =>
    RECURRING_GIFT_MONTHS.includes(index + 1) ? { ...step, price: planMonthPrice(step.price, index + 1, true), discounted: true } : step,
  );
}
