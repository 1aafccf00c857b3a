import { isSubscription, type Frequency } from '../catalog/frequency';
import { lowestMonthlyPrice } from '../catalog/pricing';
import type { ProductVariant } from '../catalog/product';
import type { Pence } from '../money/money';

export const RECOMMENDED_TAG = 'Recommended';
export const OUT_OF_STOCK_TAG = 'Out of stock';

/** The option that gets 'Recommended': the first in stock without a tag of its own; -1 when none qualifies. */
export function recommendedOptionIndex(options: readonly { tag?: string | null; outOfStock: boolean }[]): number {
  return options.findIndex((option) => !option.outOfStock && !option.tag);
}

/** Checkout cannot start when the only treatment on offer is out of stock. */
export function checkoutBlockedByStock(options: readonly { outOfStock: boolean }[]): boolean {
  return options.length > 0 && options.every((option) => option.outOfStock);
}

/** The sticky checkout bar appears after this share of the page; anything outside 0–100 is a mistake. */
export function assertScrollPercentage(percentage: number): number {
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) {
    throw new RangeError(`Scroll percentage must be between 0 and 100, got ${percentage}`);
  }
  return percentage;
}

/**
 * The frequency to buy at: the one chosen while this dose sells at it, else the first this dose offers
 * (a one-off trial pack has no subscription); null when the dose has no price at all.
 */
export function availableFrequency(offered: readonly { freq: Frequency }[], chosen: Frequency): Frequency | null {
  return offered.some((option) => option.freq === chosen) ? chosen : (offered[0]?.freq ?? null);
}

/**
 * The dose to start on: the consultation's preferred one while it is in stock, else the first in stock;
 * null when nothing is.
 */
export function startingVariant<V extends { code: string; inStock: boolean }>(variants: readonly V[], preferred: string | null): V | null {
  return variants.find((variant) => variant.code === preferred && variant.inStock) ?? variants.find((variant) => variant.inStock) ?? null;
}

/**
 * 'From £x a month' for a treatment: the lowest monthly cost among its in-stock doses sold on
 * subscription. A pack sold only once (a free trial) is no guide to what treatment costs, so it is left
 * out; null when nothing qualifies.
 */
export function fromMonthlyPrice(variants: readonly ProductVariant[]): Pence | null {
  return lowestMonthlyPrice(variants.filter((variant) => variant.inStock && variant.prices.some((price) => isSubscription(price.freq))));
}
