import { describe, expect, it } from 'vitest';
import {
  bmi,
  cmToFeetInches,
  feetInchesToCm,
  formatWeight,
  kgToStoneLbs,
  lbsToKg,
  roundBmi,
  stoneLbsToKg,
} from './units';

describe('weight conversions', () => {
  it('turns stone and pounds into kilograms', () => {
    expect(stoneLbsToKg(1)).toBeCloseTo(6.35029318, 6);
    expect(stoneLbsToKg(14, 2)).toBeCloseTo(89.8113, 3);
    expect(lbsToKg(1)).toBeCloseTo(0.45359237, 8);
  });
  it('turns kilograms back into stone and pounds', () => {
    expect(kgToStoneLbs(89.8113)).toEqual({ stone: 14, lbs: 2 });
    expect(kgToStoneLbs(6.35029318)).toEqual({ stone: 1, lbs: 0 });
  });
  it('carries 14 pounds into a stone', () => {
    expect(kgToStoneLbs(stoneLbsToKg(9, 13.99))).toEqual({ stone: 10, lbs: 0 });
  });
});

describe('height conversions', () => {
  it('turns feet and inches into centimetres', () => {
    expect(feetInchesToCm(5, 10)).toBeCloseTo(177.8, 6);
    expect(feetInchesToCm(6)).toBeCloseTo(182.88, 6);
  });
  it('turns centimetres back into feet and inches', () => {
    expect(cmToFeetInches(177.8)).toEqual({ feet: 5, inches: 10 });
    expect(cmToFeetInches(182.88)).toEqual({ feet: 6, inches: 0 });
  });
});

describe('bmi', () => {
  it('is kg divided by metres squared', () => {
    expect(bmi(100, 200)).toBe(25);
    expect(roundBmi(bmi(95, 170)!)).toBe(32.9);
  });
  it('is null without a positive weight and height', () => {
    expect(bmi(0, 170)).toBeNull();
    expect(bmi(80, 0)).toBeNull();
    expect(bmi(Number.NaN, 170)).toBeNull();
  });
});

describe('formatWeight', () => {
  it('speaks the patient unit', () => {
    expect(formatWeight(90.24, 'kg')).toBe('90.2 kg');
    expect(formatWeight(stoneLbsToKg(14, 2), 'st-lbs')).toBe('14 st 2 lb');
  });

  it('rounds to whole pounds before splitting into stone, so it never shows 14 lb', () => {
    expect(formatWeight(stoneLbsToKg(14, 13.6), 'st-lbs')).toBe('15 st 0 lb');
    expect(formatWeight(stoneLbsToKg(14, 13.4), 'st-lbs')).toBe('14 st 13 lb');
    expect(formatWeight(100, 'st-lbs')).toBe('15 st 10 lb');
  });
});
