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

/** One address as the postcode lookup provider returns it (Ideal Postcodes' fields). */
export interface ProviderAddress {
  line_1: string;
  line_2: string;
  line_3: string;
  post_town: string;
  postcode: string;
}

/** A lookup result ready to fill the address form (SPEC §3: company is line 1, street line 2). */
export interface LookupAddress {
  /** The whole address on one line, for the pick list. */
  label: string;
  company: string;
  street: string;
  city: string;
  postcode: string;
}

const LINE_2_MAX_LENGTH = 35;

/** 'LONDON' → 'London', 'NEWCASTLE UPON TYNE' → 'Newcastle upon Tyne'. */
export function postTownCase(town: string): string {
  const lower = new Set(['upon', 'on', 'under', 'in', 'by', 'the', 'le', 'de', 'sur']);
  return town
    .toLowerCase()
    .split(/(\s+|-)/)
    .map((word, index) => (index > 0 && lower.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
}

/** Line 1 takes the first two parts when they fit in 32 characters; what is left becomes line 2. */
export function toLookupAddress(address: ProviderAddress): LookupAddress {
  const parts = [address.line_1, address.line_2, address.line_3].map((part) => part.trim()).filter(Boolean);
  const company = lookupLine1(parts);
  const used = company === [parts[0], parts[1]].filter(Boolean).join(', ') ? 2 : 1;
  const street = parts.slice(used).join(', ').slice(0, LINE_2_MAX_LENGTH).trimEnd();
  const city = postTownCase(address.post_town);
  return { label: [...parts, city, address.postcode].join(', '), company, street, city, postcode: address.postcode };
}

/** SPEC §8's words for each lookup outcome ('unavalaible' is the spec's spelling, kept exactly). */
export const LOOKUP_MESSAGES = {
  notFound: 'Address not found. Please ensure you have entered a valid UK postal code.',
  unavailable: 'Sorry. Service temporary unavalaible',
  unknown: 'Sorry. Unknown error has happened. Please try again later',
} as const;
