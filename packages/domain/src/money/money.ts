/** Money is always held as integer pence; only presentation turns it into pounds. */
export type Pence = number;

/**
 * £ and comma-grouped pounds, as en-GB formats GBP. Written out rather than Intl.NumberFormat: building that
 * formatter loads the platform's currency data, tens of milliseconds on a phone before any price can show.
 */
function pounds(amount: Pence, withPence: boolean): string {
  const sign = amount < 0 ? '-' : '';
  const magnitude = Math.abs(amount);
  const whole = groupThousands(Math.floor(magnitude / 100));
  return withPence ? `${sign}£${whole}.${String(magnitude % 100).padStart(2, '0')}` : `${sign}£${whole}`;
}

/** '1,234,567': a whole number as en-GB writes it. */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

export function assertPence(amount: number): asserts amount is Pence {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Money must be a whole number of pence, got ${amount}`);
  }
}

/** '£12.99'. Negative amounts keep their sign: '-£5.00'. */
export function formatPrice(amount: Pence): string {
  assertPence(amount);
  return pounds(amount, true);
}

/** '£12' when the amount is whole pounds, else '£12.50'; used where the spec drops the decimals. */
export function formatPriceCompact(amount: Pence): string {
  assertPence(amount);
  return pounds(amount, amount % 100 !== 0);
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
