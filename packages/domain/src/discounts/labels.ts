import type { Pence } from '../money/money';
import type { AppliedDiscount } from './promotions';

export const REFERRAL_DISCOUNT_LABEL = 'REFERRAL DISCOUNT';

/**
 * '{N}% OFF' with N read from the discount's name ('20% off your first order'), else the rounded share
 * of the subtotal it takes; referral rewards read 'REFERRAL DISCOUNT' (SPEC §9).
 */
export function discountLabel(discount: Pick<AppliedDiscount, 'name' | 'amount' | 'isReferral'>, subtotal: Pence): string {
  if (discount.isReferral) return REFERRAL_DISCOUNT_LABEL;
  const named = /(\d+(?:\.\d+)?)\s*%/.exec(discount.name);
  const percent = named ? Number(named[1]) : subtotal > 0 ? Math.round((discount.amount / subtotal) * 100) : 0;
  return `${percent}% OFF`;
}

/** An item discount counts as the first-order discount when its name says 'first', or is '--' (SPEC §9). */
export function isFirstOrderDiscountName(name: string): boolean {
  return name === '--' || name.toLowerCase().includes('first');
}
