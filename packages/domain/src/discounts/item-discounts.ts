import type { Pence } from '../money/money';
import type { AppliedDiscount, DiscountLine, Promotion } from './promotions';

/** One discount's share of one cart line (SPEC §3 Cart item itemDiscounts). */
export interface ItemDiscount {
  code: string;
  name: string;
  amount: { current: Pence };
}

/**
 * Splits each applied discount over the lines it applies to, in proportion to what is left of each line, to
 * the penny (largest remainders take the odd pence): a line's shares never exceed its total, and each
 * discount's shares add up to its amount. What its own lines cannot absorb (two discounts on the same line)
 * falls to the other lines. Answers one list per line, in the lines' order.
 */
export function itemDiscounts(applied: readonly AppliedDiscount[], promotions: readonly Promotion[], lines: readonly DiscountLine[]): ItemDiscount[][] {
  const left = lines.map((line) => line.total);
  const shares: ItemDiscount[][] = lines.map(() => []);
  for (const discount of applied) {
    const promotion = promotions.find((candidate) => candidate.code === discount.code);
    const own = lines.map((line, index) => index).filter((index) => !promotion || promotion.variantCodes.length === 0 || promotion.variantCodes.includes(lines[index]!.variantCode));
    const others = lines.map((_, index) => index).filter((index) => !own.includes(index));
    let remaining = discount.amount;
    for (const group of [own, others]) {
      if (remaining <= 0) break;
      const split = splitPence(remaining, group.map((index) => left[index]!));
      group.forEach((index, position) => {
        const amount = split[position]!;
        if (amount <= 0) return;
        left[index] = left[index]! - amount;
        remaining -= amount;
        shares[index]!.push({ code: discount.code, name: discount.name, amount: { current: amount } });
      });
    }
  }
  return shares;
}

/** `amount` split in proportion to `weights`, each share at most its weight, in whole pence. */
function splitPence(amount: Pence, weights: readonly Pence[]): Pence[] {
  const capacity = weights.reduce((sum, weight) => sum + weight, 0);
  if (capacity <= 0) return weights.map(() => 0);
  const target = Math.min(amount, capacity);
  const exact = weights.map((weight) => (target * weight) / capacity);
  const shares = exact.map(Math.floor);
  let odd = target - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (odd <= 0) break;
    if (shares[index]! < weights[index]!) {
      shares[index]! += 1;
      odd -= 1;
    }
  }
  return shares;
}
