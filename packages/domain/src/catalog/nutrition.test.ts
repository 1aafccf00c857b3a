import { describe, expect, it } from 'vitest';
import { nrvText, parseNutritionalInfo } from './nutrition';

const info = { serving_size: '2 capsules', table: [{ name: 'Vitamin D', amount: '25 µg', nrv: '500%' }] };

describe('parseNutritionalInfo', () => {
  it('accepts an object or a JSON string', () => {
    expect(parseNutritionalInfo(info)).toEqual(info);
    expect(parseNutritionalInfo(JSON.stringify(info))).toEqual(info);
  });
  it('gives null for anything else', () => {
    expect(parseNutritionalInfo('not json')).toBeNull();
    expect(parseNutritionalInfo({ table: [] })).toBeNull();
    expect(parseNutritionalInfo(42)).toBeNull();
  });
});

describe('nrvText', () => {
  it('marks a missing reference value with a dagger', () => {
    expect(nrvText('500%')).toBe('500%');
    expect(nrvText(null)).toBe('†');
    expect(nrvText('')).toBe('†');
    expect(nrvText(undefined)).toBe('†');
  });
});
