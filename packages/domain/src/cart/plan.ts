import type { Frequency } from '../catalog/frequency';
import { deliveryWindow, type DeliveryEstimateOptions } from '../delivery/estimate';
import type { IsoDate } from '../delivery/calendar-date';

export const ONE_DAY_DELIVERY_TEXT = 'Free one day delivery';
export const TWO_DAYS_DELIVERY_TEXT = 'Free two days delivery';

/** How long a line's plan runs before it renews: 3 months for quarterly, 1 for monthly, 0 for a one-off purchase. */
export function planMonthsOf(frequency: Frequency): number {
  return frequency === 90 ? 3 : frequency === 30 ? 1 : 0;
}

/**
 * Quick ship: every line ships from stock the next working day, so the cart gets the express window
 * (a day shorter). An empty cart is not quick ship: nothing ships.
 */
export function isQuickShip(items: readonly { product: { quickShip: boolean } }[]): boolean {
  return items.length > 0 && items.every((item) => item.product.quickShip);
}

/** 'Free one day delivery' when quick ship, else 'Free two days delivery' (SPEC §9). */
export function deliveryText(quickShip: boolean): string {
  return quickShip ? ONE_DAY_DELIVERY_TEXT : TWO_DAYS_DELIVERY_TEXT;
}

export interface SubscriptionPlan {
  /** The longest plan among the lines (3 quarterly, 1 monthly); 0 when every line is a one-off. */
  months: number;
  /**
   * The day the first delivery is due (UK date): the last day of the delivery estimate's window, which
   * the clinic can promise; a day earlier for quick ship. Null with no subscription line.
   */
  nextDelivery: IsoDate | null;
}

/** The cart's subscription plan (SPEC §3): its length, and its first delivery from the delivery estimate. */
export function subscriptionPlan(
  items: readonly { frequency: Frequency; product: { quickShip: boolean } }[],
  instant: Date,
  options: Pick<DeliveryEstimateOptions, 'bankHolidays'> = {},
): SubscriptionPlan {
  const months = Math.max(0, ...items.map((item) => planMonthsOf(item.frequency)));
  if (months === 0) return { months: 0, nextDelivery: null };
  return { months, nextDelivery: deliveryWindow(instant, { ...options, express: isQuickShip(items) }).to };
}
