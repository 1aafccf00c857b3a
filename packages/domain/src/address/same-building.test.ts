import { describe, expect, it } from 'vitest';
import { buildingKey, sameBuilding } from './same-building';

describe('the building an address reaches', () => {
  it('is the same whatever the flat, apartment or unit named in it', () => {
    expect(sameBuilding({ company: '1 Test Street, Flat A', postcode: 'LS1 4AP' }, { company: '1 Test Street', postcode: 'LS1 4AP' })).toBe(true);
    expect(sameBuilding({ company: 'Flat 2B', street: '1 Test Street', postcode: 'LS1 4AP' }, { company: '1 Test Street', postcode: 'LS1 4AP' })).toBe(true);
    expect(sameBuilding({ company: 'Apartment 12, 1 Test Street', postcode: 'LS1 4AP' }, { company: 'Apt. 3', street: '1 Test Street', postcode: 'LS14AP' })).toBe(true);
    expect(sameBuilding({ company: 'Unit 4', street: '1 Test Street', postcode: 'LS1 4AP' }, { company: '1 Test Street', postcode: 'LS1 4AP' })).toBe(true);
    expect(sameBuilding({ company: 'Ground Floor Flat', street: '1 Test Street', postcode: 'LS1 4AP' }, { company: '1 Test Street', postcode: 'LS1 4AP' })).toBe(true);
    expect(sameBuilding({ company: 'Flat3, 1 Test Street', postcode: 'LS1 4AP' }, { company: '1 Test Street', postcode: 'LS1 4AP' })).toBe(true);
  });

  it('is the same through case, spacing, punctuation, short street words and postcode spacing', () => {
    expect(sameBuilding({ company: '  1, TEST   street.', postcode: 'ls1 4ap' }, { company: '1 Test Street', postcode: 'LS14AP' })).toBe(true);
    expect(sameBuilding({ company: '1 Test St', postcode: 'LS1  4AP' }, { company: '1 Test Street', postcode: 'LS1 4AP' })).toBe(true);
    expect(sameBuilding({ company: '12', street: 'Park Rd', postcode: 'M1 1AA' }, { company: '12 Park Road', postcode: 'M1 1AA' })).toBe(true);
    expect(buildingKey({ company: 'Flat A, 1 Test Street', postcode: 'ls1 4ap' })).toBe('LS14AP|1teststreet');
  });

  it('tells different buildings apart, and a house number is never taken for a flat', () => {
    expect(sameBuilding({ company: '1 Test Street', postcode: 'LS1 4AP' }, { company: '3 Test Street', postcode: 'LS1 4AP' })).toBe(false);
    expect(sameBuilding({ company: '1 Test Street', postcode: 'LS1 4AP' }, { company: '1 Test Street', postcode: 'LS2 4AP' })).toBe(false);
    expect(sameBuilding({ company: '1A Test Street', postcode: 'LS1 4AP' }, { company: '1 Test Street', postcode: 'LS1 4AP' })).toBe(false);
    expect(sameBuilding({ company: 'Flat 1, 2 Test Street', postcode: 'LS1 4AP' }, { company: '1 Test Street', postcode: 'LS1 4AP' })).toBe(false);
  });

  it('matches nothing without a postcode or address lines', () => {
    expect(buildingKey({ company: '1 Test Street', postcode: '' })).toBeNull();
    expect(buildingKey({ company: 'Flat A', postcode: 'LS1 4AP' })).toBeNull();
    expect(sameBuilding({ postcode: 'LS1 4AP' }, { postcode: 'LS1 4AP' })).toBe(false);
    expect(sameBuilding({ company: 42, street: null, postcode: undefined }, { company: 42 })).toBe(false);
  });
});
