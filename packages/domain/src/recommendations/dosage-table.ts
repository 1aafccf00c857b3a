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
 * The dose steps as the 'gift' bucket of the recurring-discount test sees them: the 2nd and 3rd months cost
 * £20 less (never below nothing) and show as discounted; every other month is as sold.
 */
export function withRecurringGift(steps: readonly DoseStep[]): DoseStep[] {
  return steps.map((step, index) =>
    RECURRING_GIFT_MONTHS.includes(index + 1) ? { ...step, price: Math.max(0, step.price - RECURRING_GIFT_PENCE), discounted: true } : step,
  );
}
