import { z } from 'zod';

/** Days between deliveries: monthly and quarterly subscriptions, or a one-off purchase ('1'). */
export const FREQUENCIES = [30, 90, 1] as const;
export const frequencySchema = z.union([z.literal(30), z.literal(90), z.literal(1)]);
export type Frequency = z.infer<typeof frequencySchema>;

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
