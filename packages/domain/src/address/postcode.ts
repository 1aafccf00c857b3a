import { z } from 'zod';
import { REQUIRED_MESSAGE } from '../identity/messages';

export const POSTCODE_INVALID_MESSAGE = 'Please enter a valid UK Postcode';
export const POSTCODE_TOO_LONG_MESSAGE = 'Post code cannot exceed 10 characters';
export const POSTCODE_MAX_LENGTH = 10;

/**
 * UK postcodes without the space: outward code (A9, A99, AA9, AA99, A9A, AA9A, with the Royal
 * Mail's letter restrictions per position) then inward code 9AA; plus Girobank's GIR 0AA.
 * Overseas territories, BFPO and novelty codes (SAN TA1, XM4) are not addresses we deliver to.
 */
const UK_POSTCODE =
  /^(?:GIR0AA|(?:[A-PR-UWYZ][0-9][0-9]?|[A-PR-UWYZ][A-HK-Y][0-9][0-9]?|[A-PR-UWYZ][0-9][A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRVWXY])[0-9][ABD-HJLNP-UW-Z]{2})$/;

/**
 * A postcode as it is being typed: upper-cased, anything but letters, digits and spaces dropped, spaces collapsed,
 * none at the start. A space at the end stays, or 'ID1 1QD' could never be typed ('ID1 ' would lose its space).
 */
export function typedPostcode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/\s/g, ' ')
    .replace(/[^A-Z0-9 ]/g, '')
    .replace(/ {2,}/g, ' ')
    .trimStart();
}

/** Upper-cased; anything but letters, digits and spaces dropped; spaces collapsed and trimmed. */
export function normalisePostcode(raw: string): string {
  return typedPostcode(raw).trim();
}

/** Without any spaces, as the postcode lookup path wants it. */
export function compactPostcode(raw: string): string {
  return normalisePostcode(raw).replace(/ /g, '');
}

/** Valid with or without the space, in any case. */
export function isUkPostcode(raw: string): boolean {
  return UK_POSTCODE.test(compactPostcode(raw));
}

/** 'sw1a1aa' → 'SW1A 1AA': one space before the inward code; null for anything not a postcode. */
export function formatPostcode(raw: string): string | null {
  if (!isUkPostcode(raw)) return null;
  const compact = compactPostcode(raw);
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

export function postcodeError(raw: string | null | undefined): string | null {
  const postcode = normalisePostcode(raw ?? '');
  if (postcode === '') return REQUIRED_MESSAGE;
  if (postcode.length > POSTCODE_MAX_LENGTH) return POSTCODE_TOO_LONG_MESSAGE;
  if (!isUkPostcode(postcode)) return POSTCODE_INVALID_MESSAGE;
  return null;
}

/** Validates as SPEC §5 and hands back the formatted postcode ('SW1A 1AA'). */
export const postcodeSchema = z.string({ error: REQUIRED_MESSAGE }).transform((raw, ctx) => {
  const message = postcodeError(raw);
  if (message) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return formatPostcode(raw)!;
});
