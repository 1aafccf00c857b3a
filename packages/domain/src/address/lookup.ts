export const LOOKUP_LINE_1_MAX_LENGTH = 32;

/**
 * Line 1 from a postcode-lookup address's comma-separated parts: the first two joined with
 * ', ' when that fits in 32 characters, else the first part alone, cut to 32.
 */
export function lookupLine1(parts: readonly string[]): string {
  const [first = '', second] = parts.map((part) => part.trim()).filter(Boolean);
  const combined = second ? `${first}, ${second}` : first;
  if (combined.length <= LOOKUP_LINE_1_MAX_LENGTH) return combined;
  return first.slice(0, LOOKUP_LINE_1_MAX_LENGTH).trimEnd();
}
