import { z } from 'zod';

/**
 * UK VAT on what the shop sells. Prices are shown and charged VAT-inclusive; the receipt shows the VAT within.
 *
 * - A prescription-only medicine dispensed by a registered pharmacist against a prescriber's prescription is
 *   zero-rated: HMRC VAT Notice 701/57 'Health professionals and pharmaceutical products' (dispensing of
 *   drugs, medicines and appliances on prescription), under VAT Act 1994 Schedule 8 Group 12 item 1.
 * - Anything sold without a prescription (supplements, shampoo, over-the-counter products) is standard-rated
 *   at 20% (VAT Notice 701/57 says products sold over the counter are standard-rated).
 * - A delivery charge follows the VAT of the goods it delivers, apportioned by value for a mixed basket
 *   (HMRC VAT Notice 700/24 'Postage and delivery charges'); so do the order's discounts and credit.
 */
export const STANDARD_VAT_RATE = 20;
export const ZERO_VAT_RATE = 0;
export type VatRate = typeof STANDARD_VAT_RATE | typeof ZERO_VAT_RATE;

export function vatRateOf(item: { isPrescriptionOnly: boolean }): VatRate {
  return item.isPrescriptionOnly ? ZERO_VAT_RATE : STANDARD_VAT_RATE;
}

export const vatLineSchema = z.object({
  /** Percent: 0 or 20. */
  rate: z.number().int(),
  /** What was paid at this rate, VAT included, in pence. */
  gross: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
});
export type VatLine = z.infer<typeof vatLineSchema>;

/** The VAT within a VAT-inclusive amount, to the nearest penny. */
export function vatWithin(gross: number, rate: VatRate): number {
  return Math.round((gross * rate) / (100 + rate));
}

/**
 * What the patient paid, split by VAT rate: the order's total (after discounts and credit, with delivery) shared
 * between the rates in proportion to the lines' value, to the penny, so the lines always add up to the total.
 * Zero-rated first; a rate with nothing at it is left out.
 */
export function vatSummary(items: readonly { isPrescriptionOnly: boolean; total: number }[], paid: number): VatLine[] {
  const value = new Map<VatRate, number>();
  for (const item of items) value.set(vatRateOf(item), (value.get(vatRateOf(item)) ?? 0) + Math.max(0, item.total));
  const rates = ([ZERO_VAT_RATE, STANDARD_VAT_RATE] as const).filter((rate) => value.has(rate));
  if (rates.length === 0) return [];
  const whole = rates.reduce<number>((sum, rate) => sum + value.get(rate)!, 0);
  let left = paid;
  return rates.map((rate, index) => {
    const last = index === rates.length - 1;
    const gross = last ? left : whole === 0 ? 0 : Math.round((paid * value.get(rate)!) / whole);
    left -= gross;
    const vat = vatWithin(gross, rate);
    return { rate, gross, net: gross - vat, vat };
  });
}
