import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addressSchema, deliveryAddressSchema } from './address';
import { isSamePlace } from './in-use';
import { gpDetailsSchema, patientGpInfoSchema } from './gp';
import { addressLine1Schema, addressLine2Schema, citySchema } from './lines';
import { lookupLine1, postTownCase, toLookupAddress } from './lookup';
import { formatAddressLines, shippingAddressError } from './summary';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
const errors = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);
const chars = (n: number) => 'x'.repeat(n);

describe('city or town', () => {
  it.each([
    ['Ab', 'Ab'],
    ['  Leeds  ', 'Leeds'],
    [chars(35), chars(35)],
  ])('accepts %j', (raw, expected) => {
    expect(citySchema.parse(raw)).toBe(expected);
  });
  it.each([
    ['', 'Please enter a valid UK City or Town'],
    ['A', 'Please enter a valid UK City or Town'],
    [' A ', 'Please enter a valid UK City or Town'],
    [undefined, 'Please enter a valid UK City or Town'],
    [chars(36), 'Town cannot exceed 35 characters'],
    [` ${chars(36)} `, 'Town cannot exceed 35 characters'],
  ])('rejects %j with %j', (raw, message) => {
    expect(messages(citySchema, raw)).toEqual([message]);
  });
});

describe('address line 1 (company)', () => {
  it('is required and at most 35 characters', () => {
    expect(addressLine1Schema.parse(' 1 High Street ')).toBe('1 High Street');
    expect(addressLine1Schema.parse('1')).toBe('1');
    expect(addressLine1Schema.parse(chars(35))).toBe(chars(35));
    expect(messages(addressLine1Schema, '')).toEqual(['Required']);
    expect(messages(addressLine1Schema, '   ')).toEqual(['Required']);
    expect(messages(addressLine1Schema, undefined)).toEqual(['Required']);
    expect(messages(addressLine1Schema, chars(36))).toEqual(['Address line 1 cannot exceed 35 characters']);
  });
});

describe('address line 2 (street)', () => {
  it('is optional and at most 35 characters', () => {
    expect(addressLine2Schema.parse(undefined)).toBeUndefined();
    expect(addressLine2Schema.parse('')).toBe('');
    expect(addressLine2Schema.parse(chars(35))).toBe(chars(35));
    expect(messages(addressLine2Schema, chars(36))).toEqual(['Address line 2 cannot exceed 35 characters']);
  });
});

describe('lookupLine1', () => {
  it.each([
    [['Flat 3', 'Oak House', '12 High Street'], 'Flat 3, Oak House'],
    [[' Flat 3 ', ' Oak House '], 'Flat 3, Oak House'],
    [['12 High Street'], '12 High Street'],
    [['', '  ', '12 High Street', 'Leeds'], '12 High Street, Leeds'],
    [[], ''],
    // 15 + 2 + 15 = 32: fits exactly.
    [[chars(15), 'y'.repeat(15)], `${chars(15)}, ${'y'.repeat(15)}`],
    // 33: too long, so the first part alone.
    [[chars(15), 'y'.repeat(16)], chars(15)],
    [[chars(40), 'y'], chars(32)],
    [['Apartment 12 Riverside Court East', 'Wharf Lane'], 'Apartment 12 Riverside Court Eas'],
  ])('%j → %j', (parts, expected) => {
    expect(lookupLine1(parts)).toBe(expected);
    expect(lookupLine1(parts).length).toBeLessThanOrEqual(32);
  });
});

describe('toLookupAddress', () => {
  it('combines the first two parts into line 1 and keeps the rest as line 2', () => {
    expect(
      toLookupAddress({ line_1: 'Flat 3', line_2: 'Oak House', line_3: '12 High Street', post_town: 'LEEDS', postcode: 'LS1 4AP' }),
    ).toEqual({
      label: 'Flat 3, Oak House, 12 High Street, Leeds, LS1 4AP',
      company: 'Flat 3, Oak House',
      street: '12 High Street',
      city: 'Leeds',
      postcode: 'LS1 4AP',
    });
  });
  it('puts the second part on line 2 when the two do not fit in 32 characters', () => {
    const address = toLookupAddress({ line_1: 'Apartment 12 Riverside Court East', line_2: 'Wharf Lane', line_3: '', post_town: 'BRISTOL', postcode: 'BS1 6XN' });
    expect(address).toMatchObject({ company: 'Apartment 12 Riverside Court Eas', street: 'Wharf Lane' });
  });
  it.each([
    ['LONDON', 'London'],
    ['NEWCASTLE UPON TYNE', 'Newcastle upon Tyne'],
    ['STOKE-ON-TRENT', 'Stoke-on-Trent'],
  ])('writes the post town %j as %j', (town, expected) => {
    expect(postTownCase(town)).toBe(expected);
  });
});

describe('formatAddressLines', () => {
  it('skips blank lines', () => {
    expect(formatAddressLines({ company: '12 High Street', street: ' ', city: 'Leeds', postcode: 'LS1 4AP' })).toEqual(['12 High Street', 'Leeds', 'LS1 4AP']);
  });
});

describe('shippingAddressError', () => {
  it.each([
    [{ company: '1 High Street', postcode: 'M1 1AE' }, null],
    [{ street: 'High Street', postcode: 'M1 1AE' }, null],
    [{ company: '1 High Street', street: '', postcode: 'M1 1AE' }, null],
    [{ company: ' ', street: null, postcode: 'M1 1AE' }, 'Shipping address missing'],
    [{ company: '1 High Street', postcode: '' }, 'Shipping address missing'],
    [{ company: '1 High Street' }, 'Shipping address missing'],
    [{}, 'Shipping address missing'],
    [null, 'Shipping address missing'],
    [undefined, 'Shipping address missing'],
  ])('%j → %j', (address, expected) => {
    expect(shippingAddressError(address)).toBe(expected);
  });
});

describe('gpDetailsSchema', () => {
  const gp = {
    practiceName: ' Riverside Surgery ',
    addressLine1: '1 Mill Road',
    cityOrTown: 'Leeds',
    postCode: 'ls1 4ap',
  };
  it('accepts a practice with line 2 optional', () => {
    expect(gpDetailsSchema.parse(gp)).toEqual({ ...gp, practiceName: 'Riverside Surgery', postCode: 'LS1 4AP' });
    expect(gpDetailsSchema.parse({ ...gp, addressLine2: 'Hyde Park' }).addressLine2).toBe('Hyde Park');
  });
  it('names every missing field', () => {
    expect(errors(gpDetailsSchema.safeParse({}))).toEqual({
      practiceName: 'Required',
      addressLine1: 'Required',
      cityOrTown: 'Required',
      postCode: 'Required',
    });
    expect(errors(gpDetailsSchema.safeParse({ ...gp, practiceName: ' ' }))).toEqual({ practiceName: 'Required' });
  });
  it('validates the postcode', () => {
    expect(errors(gpDetailsSchema.safeParse({ ...gp, postCode: 'LS1' }))).toEqual({
      postCode: 'Please enter a valid UK Postcode',
    });
  });
});

describe('patientGpInfoSchema', () => {
  it('needs the practice when the patient consents, and nothing more when they skip', () => {
    expect(patientGpInfoSchema.parse({ consentGiven: false })).toEqual({ consentGiven: false });
    expect(errors(patientGpInfoSchema.safeParse({ consentGiven: true }))).toEqual({
      practiceName: 'Required',
      addressLine1: 'Required',
      cityOrTown: 'Required',
      postCode: 'Required',
    });
  });
});

describe('addressSchema', () => {
  const form = {
    firstName: 'Alex',
    lastName: 'Smith',
    company: 'Flat 3, Oak House',
    street: '12 High Street',
    city: 'Leeds',
    postcode: 'ls14ap',
  };
  it('cleans a checkout address, always in GB', () => {
    expect(addressSchema.parse({ ...form, phoneNumber: '' })).toEqual({
      ...form,
      postcode: 'LS1 4AP',
      countryCode: 'GB',
      phoneNumber: undefined,
    });
    expect(addressSchema.parse({ ...form, countryCode: 'GB', phoneNumber: '07700 900123' }).phoneNumber).toBe(
      '07700 900123',
    );
  });
  it('names every broken field', () => {
    expect(errors(addressSchema.safeParse({ phoneNumber: '123' }))).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      company: 'Required',
      city: 'Please enter a valid UK City or Town',
      postcode: 'Required',
      phoneNumber: 'Required',
    });
  });
  it('delivers to GB only', () => {
    expect(addressSchema.safeParse({ ...form, countryCode: 'FR' }).success).toBe(false);
  });
});

describe('the delivery phone number on an address', () => {
  const place = { firstName: 'Alex', lastName: 'Smith', company: '1 Elm Row', city: 'Leeds', postcode: 'LS1 4AP' };
  const phoneError = (phoneNumber: string | undefined) => errors(deliveryAddressSchema.safeParse({ ...place, phoneNumber })).phoneNumber;
  it('is required in the address form: under 9 characters (after trimming) it says Required', () => {
    expect(phoneError(undefined)).toBe('Required');
    expect(phoneError('')).toBe('Required');
    expect(phoneError('12345678')).toBe('Required');
    expect(phoneError('  12345678  ')).toBe('Required');
    expect(phoneError('123456789')).toBeUndefined();
    expect(deliveryAddressSchema.parse({ ...place, phoneNumber: ' 07700 900123 ' }).phoneNumber).toBe('07700 900123');
  });
  it('is checked by the same rule when an API client sends one, and may be left out there', () => {
    expect(errors(addressSchema.safeParse({ ...place, phoneNumber: '12345678' })).phoneNumber).toBe('Required');
    expect(addressSchema.parse({ ...place, phoneNumber: '123456789' }).phoneNumber).toBe('123456789');
    expect(addressSchema.parse(place).phoneNumber).toBeUndefined();
  });
});

describe('isSamePlace', () => {
  const saved = { company: 'Flat 3, Oak House', street: '12 High Street', city: 'Leeds', postcode: 'LS1 4AP' };
  it('matches an order’s copy of an address whatever the case and spacing, names aside', () => {
    expect(isSamePlace(saved, { ...saved, postcode: 'ls1  4ap ', city: 'LEEDS', firstName: 'Someone else' } as typeof saved)).toBe(true);
  });
  it('tells different lines, towns or postcodes apart, a missing line 2 included', () => {
    expect(isSamePlace(saved, { ...saved, company: 'Flat 4, Oak House' })).toBe(false);
    expect(isSamePlace(saved, { ...saved, postcode: 'LS1 4AQ' })).toBe(false);
    expect(isSamePlace(saved, { ...saved, street: '' })).toBe(false);
    expect(isSamePlace({ ...saved, street: '' }, { company: saved.company, city: 'Leeds', postcode: 'LS1 4AP' })).toBe(true);
  });
});
