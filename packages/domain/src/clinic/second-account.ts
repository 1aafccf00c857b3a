import { z } from 'zod';
import type { Sourced } from '../clinical/sourced';

/** What ties another account's order to this one: the building it goes to, the card that paid, or the person. */
export const SECOND_ACCOUNT_MATCHES = ['address', 'card', 'dateOfBirthAndName'] as const;
export type SecondAccountMatch = (typeof SECOND_ACCOUNT_MATCHES)[number];

export const SECOND_ACCOUNT_RULE: Sourced = {
  source: 'GPhC guidance for registered pharmacies providing pharmacy services at a distance, including on the internet (2025): safeguards against multiple orders to one address or paid with one card',
  rationale:
    'One patient with two accounts can be supplied twice, or get past a refusal: orders from other accounts to the same delivery address, paid with the same card, or by someone with the same date of birth and a similar name go to the prescriber to check.',
};

export const SECOND_ACCOUNT_MATCH_TEXT: Record<SecondAccountMatch, string> = {
  address: 'same delivery address',
  card: 'same card',
  dateOfBirthAndName: 'same date of birth and a similar name',
};

/** A name as compared: lower case letters only, words in order. */
const nameWords = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z\s-]/g, '')
    .split(/[\s-]+/)
    .filter(Boolean);

/** Edits (insert, delete, change one letter) from one word to another. */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/**
 * Whether two people's names are close enough, with the same date of birth, to be one person: the same family name
 * (or one a letter or two apart: 'Smith', 'Smyth'), and first names alike (equal, one a letter or two apart, one the
 * other's initial, or one starting the other: 'Alex', 'Alexander').
 */
export function similarNames(a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }): boolean {
  const close = (x: string, y: string) => x.length > 0 && y.length > 0 && (x === y || editDistance(x, y) <= (Math.min(x.length, y.length) >= 5 ? 2 : 1));
  const lastA = nameWords(a.lastName).join('');
  const lastB = nameWords(b.lastName).join('');
  if (!close(lastA, lastB)) return false;
  const firstA = nameWords(a.firstName)[0] ?? '';
  const firstB = nameWords(b.firstName)[0] ?? '';
  if (firstA === '' || firstB === '') return false;
  return close(firstA, firstB) || firstA.startsWith(firstB) || firstB.startsWith(firstA);
}

/** GET /shop-api/clinic/orders/{number}: another account's order that may be the same patient's, with why. */
export const possibleSecondAccountSchema = z.object({
  orderNumber: z.string(),
  state: z.string(),
  placedAt: z.string(),
  patientName: z.string(),
  matches: z.array(z.enum(SECOND_ACCOUNT_MATCHES)).min(1),
});
export type PossibleSecondAccount = z.infer<typeof possibleSecondAccountSchema>;
