import type { Product } from './product';

/**
 * Pharmacy (P) medicines: not prescription-only, but sold only after the questions a pharmacist must ask (minoxidil:
 * 5% for men, 18 to 65), which the hair-loss consultation asks.
 */
export const PHARMACY_MEDICINE_CODES: readonly string[] = ['MINOXIDIL', 'MINOXIDIL-WOMEN-2', 'MINOXIDIL-FOAM-5'];

type Classified = Pick<Product, 'code' | 'isPrescriptionOnly'>;

/** A product that needs a consultation first: a prescription-only medicine or a pharmacy medicine. */
export function needsConsultation(product: Classified): boolean {
  return product.isPrescriptionOnly || PHARMACY_MEDICINE_CODES.includes(product.code);
}

/**
 * Bought straight from its product page into the basket, with no consultation: food supplements, cosmetics and
 * general-sale products (the multivitamin, the shampoo).
 */
export function isBoughtDirectly(product: Classified): boolean {
  return !needsConsultation(product);
}

/**
 * An order or basket of such products only: no prescriber reviews it (there is nothing to prescribe), so a
 * pharmacist releases it for dispatch.
 */
export function needsNoPrescriber(items: readonly Classified[]): boolean {
  return items.length > 0 && items.every(isBoughtDirectly);
}
