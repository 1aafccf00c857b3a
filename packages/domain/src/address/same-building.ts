import { compactPostcode } from './postcode';

/** An address as the shop keeps it: line 1 is 'company', line 2 'street' (SPEC §3 address). */
export interface ComparableAddress {
  company?: unknown;
  street?: unknown;
  postcode?: unknown;
}

/** Words that name a dwelling inside a building; the word and its number or letter are set aside. */
const SUB_PREMISE_WORDS = new Set(['flat', 'flats', 'apartment', 'apartments', 'apt', 'unit', 'suite', 'room', 'studio', 'maisonette']);
/** 'Ground floor', 'first floor', 'basement': a level of the building, set aside too. */
const LEVEL_WORDS = new Set(['ground', 'first', 'second', 'third', 'fourth', 'top', 'lower', 'upper', '1st', '2nd', '3rd', '4th']);
/** Street words and how they are often shortened; both spellings read the same. */
const SHORT_STREET_WORDS: Record<string, string> = {
  st: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  dr: 'drive',
  ct: 'court',
  pl: 'place',
  sq: 'square',
  cres: 'crescent',
  gdns: 'gardens',
  ter: 'terrace',
  terr: 'terrace',
};

/** A flat's number or letter: '2', 'A', '2B', 'B3'. */
const isDwellingId = (token: string) => /^(?:\d+[a-z]?|[a-z]\d*)$/.test(token);
const SUB_PREMISE_JOINED = new RegExp(`^(?:${[...SUB_PREMISE_WORDS].join('|')})(?:\\d+[a-z]?)$`);

/** The words of one part of an address (a line, or a comma-separated piece of one), the dwelling inside left out. */
function buildingWords(part: string): string[] {
  const tokens = part.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (SUB_PREMISE_WORDS.has(token)) {
      if (i + 1 < tokens.length && isDwellingId(tokens[i + 1]!)) i += 1;
      continue;
    }
    if (SUB_PREMISE_JOINED.test(token) || token === 'basement') continue;
    if (token === 'floor') {
      if (kept.length > 0 && LEVEL_WORDS.has(kept[kept.length - 1]!)) kept.pop();
      continue;
    }
    kept.push(SHORT_STREET_WORDS[token] ?? token);
  }
  return kept;
}

/**
 * The building an address reaches, written one way: postcode without spaces in capitals, then the address lines in
 * lower case without spaces or punctuation, short street words spelt out ('Rd' is 'road'), and any flat, apartment,
 * unit or floor left out. '1 Test Street, Flat A' and '1 test st' give the same key. Null without a postcode or lines.
 */
export function buildingKey(address: ComparableAddress): string | null {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const postcode = compactPostcode(text(address.postcode));
  // Line by line and comma by comma: 'Ground Floor Flat' on line 1 must not take line 2's house number for the flat's.
  const parts = [text(address.company), text(address.street)].flatMap((line) => line.split(/[,;\n]/));
  const words = parts.flatMap(buildingWords);
  if (postcode === '' || words.length === 0) return null;
  return `${postcode}|${words.join('')}`;
}

/** Two addresses at the same building (see buildingKey): the same household, whichever flat either names. */
export function sameBuilding(a: ComparableAddress, b: ComparableAddress): boolean {
  const key = buildingKey(a);
  return key !== null && key === buildingKey(b);
}
