import { describe, expect, it } from 'vitest';
import {
  compactPostcode,
  formatPostcode,
  isUkPostcode,
  normalisePostcode,
  postcodeError,
  postcodeSchema,
  typedPostcode,
} from './postcode';

describe('normalisePostcode', () => {
  it.each([
    ['sw1a 1aa', 'SW1A 1AA'],
    ['  sw1a    1aa  ', 'SW1A 1AA'],
    ['sw1a\t1aa', 'SW1A 1AA'],
    ['SW1A-1AA', 'SW1A1AA'],
    ['é-m1.1ae!', 'M11AE'],
    ['!!!', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normalisePostcode(raw)).toBe(expected);
  });
  it('compacts for the lookup path', () => {
    expect(compactPostcode(' sw1a  1aa ')).toBe('SW1A1AA');
  });
});

describe('typedPostcode', () => {
  it('keeps the space typed between the two halves, key by key', () => {
    const typed = [...'id1 1qd'].reduce((field, key) => typedPostcode(field + key), '');
    expect(typed).toBe('ID1 1QD');
    expect(typedPostcode('id1 ')).toBe('ID1 ');
  });
  it.each([
    ['  sw1a    1aa', 'SW1A 1AA'],
    ['sw1a\t', 'SW1A '],
    ['é-m1.1ae!', 'M11AE'],
  ])('%j → %j', (raw, expected) => {
    expect(typedPostcode(raw)).toBe(expected);
  });
});

describe('isUkPostcode and formatPostcode', () => {
  it.each([
    ['SW1A 1AA', 'SW1A 1AA'],
    ['sw1a1aa', 'SW1A 1AA'],
    ['EC1A 1BB', 'EC1A 1BB'],
    ['W1A 0AX', 'W1A 0AX'],
    ['M1 1AE', 'M1 1AE'],
    ['m11ae', 'M1 1AE'],
    ['B33 8TH', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'],
    ['DN55 1PT', 'DN55 1PT'],
    ['N1C 4AG', 'N1C 4AG'],
    ['BT1 1AA', 'BT1 1AA'],
    ['GIR 0AA', 'GIR 0AA'],
    ['gir0aa', 'GIR 0AA'],
    ['SW1A-1AA', 'SW1A 1AA'],
    ['SW1 A1AA', 'SW1A 1AA'],
  ])('%j is a postcode, formatted %j', (raw, formatted) => {
    expect(isUkPostcode(raw)).toBe(true);
    expect(formatPostcode(raw)).toBe(formatted);
  });

  it.each([
    ['Q1 1AA', 'Q is never first'],
    ['V1 1AA', 'V is never first'],
    ['X1 1AA', 'X is never first'],
    ['AI1 1AA', 'I is never second'],
    ['AJ1 1AA', 'J is never second'],
    ['AZ1 1AA', 'Z is never second'],
    ['W1I 1AA', 'I is never third in A9A'],
    ['EC1Z 1AA', 'Z is never fourth in AA9A'],
    ['M1 1CA', 'C is never in the inward code'],
    ['M1 1AI', 'I is never in the inward code'],
    ['M1 1AK', 'K is never in the inward code'],
    ['M1 1AM', 'M is never in the inward code'],
    ['M1 1AO', 'O is never in the inward code'],
    ['M1 1AV', 'V is never in the inward code'],
    ['SW1A', 'outward code alone'],
    ['1AA', 'inward code alone'],
    ['M1 1AAA', 'inward code too long'],
    ['AB123 1AA', 'outward code too long'],
    ['M1 AAA', 'inward code needs a digit'],
    ['BFPO 123', 'forces post'],
    ['SAN TA1', 'novelty'],
    ['XM4 5HQ', 'novelty'],
    ['ASCN 1ZZ', 'overseas territory'],
    ['GIR 0AB', 'only GIR 0AA'],
    ['12345', 'digits'],
    ['', 'empty'],
  ])('%j is not (%s)', (raw) => {
    expect(isUkPostcode(raw)).toBe(false);
    expect(formatPostcode(raw)).toBeNull();
  });
});

describe('postcodeError', () => {
  it.each([
    ['', 'Required'],
    ['   ', 'Required'],
    ['!!!', 'Required'],
    [null, 'Required'],
    [undefined, 'Required'],
    ['ABCDEFGHIJ', 'Please enter a valid UK Postcode'],
    ['ABCDEFGHIJK', 'Post code cannot exceed 10 characters'],
    ['SW1A 1AA 123', 'Post code cannot exceed 10 characters'],
    ['SW1A 1AAX', 'Please enter a valid UK Postcode'],
    ['Q1 1AA', 'Please enter a valid UK Postcode'],
    ['sw1a 1aa', null],
    ['  SW1A     1AA  ', null],
  ])('%j → %j', (raw, expected) => {
    expect(postcodeError(raw)).toBe(expected);
  });
});

describe('postcodeSchema', () => {
  it('hands back the formatted postcode', () => {
    expect(postcodeSchema.parse(' sw1a1aa ')).toBe('SW1A 1AA');
  });
  it.each([
    [undefined, 'Required'],
    ['', 'Required'],
    ['ABCDEFGHIJK', 'Post code cannot exceed 10 characters'],
    ['NOT A CODE', 'Please enter a valid UK Postcode'],
  ])('%j → %j', (raw, message) => {
    expect(postcodeSchema.safeParse(raw).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
