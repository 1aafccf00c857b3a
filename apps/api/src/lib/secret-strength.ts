/**
 * The least estimated strength a signing secret must have. The estimate discounts chance repeats, so 32 random
 * hex characters (128 real bits) score from about 115 up; anything careless scores far below 100.
 */
export const MIN_SECRET_BITS = 100;

const CLASS_SIZES: ReadonlyArray<readonly [RegExp, number]> = [
  [/[a-z]/, 26],
  [/[A-Z]/, 26],
  [/[0-9]/, 10],
  [/[^a-zA-Z0-9]/, 33],
];

/** The shortest period p (at most half the length) with text[i] = text[i - p] throughout, or null: 'abcabcab' has 3. */
function repeatingPeriod(text: readonly string[]): number | null {
  for (let period = 1; period <= text.length / 2; period += 1) {
    if (text.every((char, i) => i < period || char === text[i - period])) return period;
  }
  return null;
}

/**
 * Estimates the random bits in a secret, brute-force style: each character that does not follow from the one
 * before (not a repeat, not a step of a run such as abc or 987) is worth log2 of the alphabet its character
 * classes span. Meant to catch the careless ('x' × 32, 'abcabc…', a sequence, a word repeated), not to grade a
 * strong secret; 32 random base64 or hex characters pass comfortably.
 */
export function estimateSecretBits(secret: string): number {
  const chars = Array.from(secret);
  if (chars.length === 0 || repeatingPeriod(chars) !== null) return 0;
  const pool = CLASS_SIZES.reduce((sum, [pattern, size]) => sum + (pattern.test(secret) ? size : 0), 0);
  const codes = chars.map((char) => char.codePointAt(0)!);
  let free = 0;
  codes.forEach((code, i) => {
    const step = i > 0 ? code - codes[i - 1]! : null;
    const previousStep = i > 1 ? codes[i - 1]! - codes[i - 2]! : null;
    const predictable = step === 0 || (Math.abs(step ?? 2) === 1 && step === previousStep);
    if (!predictable) free += 1;
  });
  return free * Math.log2(pool);
}

/** Why a secret is too weak to sign with, or null when it will do. */
export function weakSecretReason(secret: string): string | null {
  if (Array.from(secret).length < 32) return 'must be at least 32 characters';
  if (estimateSecretBits(secret) < MIN_SECRET_BITS) {
    return 'looks guessable (repeated or sequential characters); use 32 or more random characters, e.g. `openssl rand -base64 32`';
  }
  return null;
}
