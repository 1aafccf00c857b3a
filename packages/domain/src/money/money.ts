/** Money is always held as integer pence; only presentation turns it into pounds. */
export type Pence = number;

const gbp = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const gbpWhole = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export function assertPence(amount: number): asserts amount is Pence {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Money must be a whole number of pence, got ${amount}`);
  }
}

/** '£12.99'. Negative amounts keep their sign: '-£5.00'. */
export function formatPrice(amount: Pence): string {
  assertPence(amount);
  return gbp.format(amount / 100);
}

/** '£12' when the amount is whole pounds, else '£12.50'; used where the spec drops the decimals. */
export function formatPriceCompact(amount: Pence): string {
  assertPence(amount);
  return amount % 100 === 0 ? gbpWhole.format(amount / 100) : gbp.format(amount / 100);
}

/** Shipping of nothing reads 'Free', as every UK shop says it. */
export function formatShipping(amount: Pence): string {
  return amount === 0 ? 'Free' : formatPrice(amount);
}

/** Splits pence evenly over n parts, rounding half up; used for 'per month' of a quarterly price. */
export function dividePence(amount: Pence, parts: number): Pence {
  assertPence(amount);
  if (!Number.isInteger(parts) || parts <= 0) throw new RangeError('parts must be a positive integer');
  return Math.round(amount / parts);
}
