import { describe, expect, it } from 'vitest';
import {
  measurementFieldError,
  parseMeasurementInput,
  validateCm,
  validateFeet,
  validateInches,
  validateKg,
  validateLbs,
  validateStone,
  type MeasurementInput,
} from './validation';

const KG = "This doesn't look right, enter your weight in kg";
const STONE = "This doesn't look right, enter your weight in stone";
const LBS = "This doesn't look right, enter your weight in lbs";
const CM = "This doesn't look right, enter your height in cm";
const FEET = "This doesn't look right, enter your height in feet";
const INCHES = "This doesn't look right, enter in inches";

type Case = [MeasurementInput, string | null];
const empty = (): Case[] => [
  ['', null],
  ['   ', null],
  [null, null],
  [undefined, null],
];
const malformed = (message: string): Case[] => [
  ['abc', message],
  ['12abc', message],
  ['1e2', message],
  ['0x10', message],
  ['1,5', message],
  ['Infinity', message],
  [Number.NaN, message],
  [Number.POSITIVE_INFINITY, message],
];

const table: [string, (raw: MeasurementInput) => string | null, Case[]][] = [
  [
    'kg: error at 445 or more, or negative',
    validateKg,
    [
      [0, null],
      ['0', null],
      [' 70.5 ', null],
      [444.99, null],
      ['444.99', null],
      [445, KG],
      ['445', KG],
      [445.01, KG],
      [-0.01, KG],
      ['-1', KG],
      ...empty(),
      ...malformed(KG),
    ],
  ],
  [
    'stone: error at 71 or more, or negative',
    validateStone,
    [
      [0, null],
      [70.99, null],
      ['70', null],
      [71, STONE],
      ['71', STONE],
      [-0.01, STONE],
      ...empty(),
      ...malformed(STONE),
    ],
  ],
  [
    'lbs: error over 14, or negative',
    validateLbs,
    [
      [0, null],
      [14, null],
      ['14', null],
      [14.01, LBS],
      [15, LBS],
      [-0.01, LBS],
      ...empty(),
      ...malformed(LBS),
    ],
  ],
  [
    'cm: error over 230, or entered and under 90',
    validateCm,
    [
      [90, null],
      ['90', null],
      [230, null],
      [230.01, CM],
      ['231', CM],
      [89.99, CM],
      [0, CM],
      ['0', CM],
      [-5, CM],
      ...empty(),
      ...malformed(CM),
    ],
  ],
  [
    'feet: error if entered and under 3, or 8 or more',
    validateFeet,
    [
      [3, null],
      ['3', null],
      [7.99, null],
      [8, FEET],
      ['8', FEET],
      [2.99, FEET],
      [0, FEET],
      [-1, FEET],
      ...empty(),
      ...malformed(FEET),
    ],
  ],
  [
    'inches: error if entered and over 12, or negative',
    validateInches,
    [
      [0, null],
      ['0', null],
      [12, null],
      [12.01, INCHES],
      ['13', INCHES],
      [-0.01, INCHES],
      ...empty(),
      ...malformed(INCHES),
    ],
  ],
];

describe.each(table)('%s', (_name, rule, cases) => {
  it.each(cases)('%j gives %j', (raw, expected) => {
    expect(rule(raw)).toBe(expected);
  });
});

describe('measurementFieldError', () => {
  it('dispatches by field with the exact spec wording', () => {
    expect(measurementFieldError('kg', 500)).toBe("This doesn't look right, enter your weight in kg");
    expect(measurementFieldError('stone', 80)).toBe("This doesn't look right, enter your weight in stone");
    expect(measurementFieldError('lbs', 20)).toBe("This doesn't look right, enter your weight in lbs");
    expect(measurementFieldError('cm', 20)).toBe("This doesn't look right, enter your height in cm");
    expect(measurementFieldError('feet', 9)).toBe("This doesn't look right, enter your height in feet");
    expect(measurementFieldError('inches', 20)).toBe("This doesn't look right, enter in inches");
  });
});

describe('parseMeasurementInput', () => {
  it('tells empty, numbers and malformed input apart', () => {
    expect(parseMeasurementInput('')).toEqual({ kind: 'empty' });
    expect(parseMeasurementInput(' 12.5 ')).toEqual({ kind: 'number', value: 12.5 });
    expect(parseMeasurementInput('.5')).toEqual({ kind: 'number', value: 0.5 });
    expect(parseMeasurementInput('5.')).toEqual({ kind: 'number', value: 5 });
    expect(parseMeasurementInput('+5')).toEqual({ kind: 'number', value: 5 });
    expect(parseMeasurementInput(7)).toEqual({ kind: 'number', value: 7 });
    expect(parseMeasurementInput('.')).toEqual({ kind: 'invalid' });
    expect(parseMeasurementInput('-')).toEqual({ kind: 'invalid' });
  });
});
