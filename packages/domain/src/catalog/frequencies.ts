// The delivery frequencies and their rules without their schema, so a page that only shows a price does not
// download the schema library.

/** Days between deliveries: monthly and quarterly subscriptions, or a one-off purchase ('1'). */
export const FREQUENCIES = [30, 90, 1] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** How many months of treatment one delivery at this frequency holds. */
export function monthsPerDelivery(freq: Frequency): number {
  return freq === 90 ? 3 : 1;
}

export function isSubscription(freq: Frequency): boolean {
  return freq !== 1;
}

export const FREQUENCY_TITLES: Record<Frequency, string> = {
  30: 'Monthly',
  90: 'Quarterly',
  1: 'One-off',
};
