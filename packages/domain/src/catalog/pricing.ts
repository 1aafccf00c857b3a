import { dividePence, type Pence } from '../money/money';
import { FREQUENCY_TITLES, monthsPerDelivery, type Frequency } from './frequency';
import type { ProductVariant, VariantPrice } from './product';

export interface FrequencyOption {
  freq: Frequency;
  title: string;
  /** Price of one delivery, in pence. */
  price: Pence;
  discountedPrice: Pence | null;
  /** What one month costs at this frequency (quarterly divided by three). */
  pricePerMonth: Pence;
  /** Rounded saving against the one-off monthly price; null when there is none. */
  savePercent: number | null;
  outOfStock: boolean;
  dosage: string;
  variantCode: string;
}

export function effectivePrice(price: Pick<VariantPrice, 'price' | 'discountedPrice'>): Pence {
  return price.discountedPrice ?? price.price;
}

/** 'Save N%' is the rounded saving of the monthly cost against buying one month as a one-off. */
export function savePercent(perMonth: Pence, oneOffPrice: Pence): number | null {
  if (oneOffPrice <= 0 || perMonth >= oneOffPrice) return null;
  const percent = Math.round((1 - perMonth / oneOffPrice) * 100);
  return percent > 0 ? percent : null;
}

export function saveLabel(percent: number | null): string | null {
  return percent === null ? null : `Save ${percent}%`;
}

const DISPLAY_ORDER: readonly Frequency[] = [30, 90, 1];

/** The frequency choices of one variant, monthly first, each with its per-month price and saving. */
export function frequencyOptions(variant: ProductVariant): FrequencyOption[] {
  const oneOff = variant.prices.find((p) => p.freq === 1);
  const oneOffPrice = oneOff ? effectivePrice(oneOff) : null;
  return DISPLAY_ORDER.flatMap((freq) => {
    const price = variant.prices.find((p) => p.freq === freq);
    if (!price) return [];
    const pricePerMonth = dividePence(effectivePrice(price), monthsPerDelivery(freq));
    return [
      {
        freq,
        title: FREQUENCY_TITLES[freq],
        price: price.price,
        discountedPrice: price.discountedPrice,
        pricePerMonth,
        savePercent: freq === 1 || oneOffPrice === null ? null : savePercent(pricePerMonth, oneOffPrice),
        outOfStock: !variant.inStock,
        dosage: variant.dosage,
        variantCode: variant.code,
      },
    ];
  });
}

/** The lowest monthly cost across a product's variants and frequencies ('from £x a month'). */
export function lowestMonthlyPrice(variants: readonly ProductVariant[]): Pence | null {
  const all = variants.flatMap((variant) => frequencyOptions(variant).map((option) => option.pricePerMonth));
  return all.length === 0 ? null : Math.min(...all);
}
