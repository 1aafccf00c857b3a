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
