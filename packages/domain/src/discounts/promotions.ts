import { z } from 'zod';
import type { Pence } from '../money/money';

/** A promotion as the clinic sets it up (seeded data); coupon-based ones need their code entered. */
export const promotionSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Percentage off the eligible lines, or a fixed sum in pence off them. */
  kind: z.enum(['percentage', 'fixed']),
  value: z.number().int().positive(),
  /** Entered as a coupon (removable by the patient) rather than applied automatically. */
  couponCode: z.string().nullable(),
  /** An exclusive promotion never combines with another; the better one for the patient wins. */
  exclusive: z.boolean(),
  /** Only for a patient's first order. */
  firstOrderOnly: z.boolean(),
  /** How many of one patient's orders may carry it (placed, or reserved by one waiting for its payment); null: no limit. */
  perPatientLimit: z.number().int().positive().nullable(),
  /** Referral rewards show as 'REFERRAL DISCOUNT'. */
  referral: z.boolean(),
  /** Variant codes the promotion is limited to; empty means every line. */
  variantCodes: z.array(z.string()),
});
export type Promotion = z.infer<typeof promotionSchema>;

export interface DiscountLine {
  variantCode: string;
  total: Pence;
}

/** A discount as the cart shows it (SPEC §3 Cart discounts). */
export interface AppliedDiscount {
  code: string;
  name: string;
  amount: Pence;
  isCouponBased: boolean;
  isExclusive: boolean;
  isReferral: boolean;
}

/** What one promotion takes off these lines (never more than they cost). */
export function promotionAmount(promotion: Promotion, lines: readonly DiscountLine[]): Pence {
  const eligible = lines.filter((line) => promotion.variantCodes.length === 0 || promotion.variantCodes.includes(line.variantCode));
  const base = eligible.reduce((sum, line) => sum + line.total, 0);
  if (base <= 0) return 0;
  const amount = promotion.kind === 'percentage' ? Math.round((base * promotion.value) / 100) : promotion.value;
  return Math.min(amount, base);
}

/**
 * The discounts a cart gets from the promotions that apply to it: every non-exclusive one together, or
 * the single exclusive one if it is worth more to the patient; the total never goes below zero.
 */
export function applyPromotions(
  promotions: readonly Promotion[],
  lines: readonly DiscountLine[],
  { isFirstOrder }: { isFirstOrder: boolean },
): AppliedDiscount[] {
  const applicable = promotions
    .filter((promotion) => !promotion.firstOrderOnly || isFirstOrder)
    .map((promotion) => ({ promotion, amount: promotionAmount(promotion, lines) }))
    .filter(({ amount }) => amount > 0);

  const stackable = applicable.filter(({ promotion }) => !promotion.exclusive);
  const bestExclusive = applicable
    .filter(({ promotion }) => promotion.exclusive)
    .sort((a, b) => b.amount - a.amount)[0];
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const stackedAmount = Math.min(subtotal, stackable.reduce((sum, { amount }) => sum + amount, 0));
  const chosen = bestExclusive && bestExclusive.amount > stackedAmount ? [bestExclusive] : stackable;

  let left = subtotal;
  return chosen.map(({ promotion, amount }) => {
    const taken = Math.min(amount, left);
    left -= taken;
    return {
      code: promotion.code,
      name: promotion.name,
      amount: taken,
      isCouponBased: promotion.couponCode !== null,
      isExclusive: promotion.exclusive,
      isReferral: promotion.referral,
    };
  });
}
