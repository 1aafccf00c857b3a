import { bmi, feetInchesToCm, roundBmi, stoneLbsToKg } from './units';
import {
  measurementFieldError,
  parseMeasurementInput,
  type MeasurementField,
  type MeasurementInput,
} from './validation';

/**
 * The quiz's weight/height answer (SPEC §3 "Weight answer"): built from form fields only when
 * every field of the chosen units is filled and error-free (SPEC §5), else the answer is empty.
 */

// 'st-lbs' is the spelling SPEC §7 stores as the preferred unit, and units.ts formatWeight uses.
export const WEIGHT_UNITS = ['kg', 'st-lbs'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const HEIGHT_UNITS = ['cm', 'ft-in'] as const;
export type HeightUnit = (typeof HEIGHT_UNITS)[number];

type WeightField = 'kg' | 'stone' | 'lbs';
type HeightField = 'cm' | 'feet' | 'inches';

const WEIGHT_FIELDS: Readonly<Record<WeightUnit, readonly WeightField[]>> = {
  kg: ['kg'],
  'st-lbs': ['stone', 'lbs'],
};
const HEIGHT_FIELDS: Readonly<Record<HeightUnit, readonly HeightField[]>> = {
  cm: ['cm'],
  'ft-in': ['feet', 'inches'],
};

export type MeasurementFields = Partial<Record<MeasurementField, MeasurementInput>>;

const WEIGHT_ENTRY_TYPES = ['kg', 'stone', 'lbs'] as const;
const HEIGHT_ENTRY_TYPES = ['cm', 'feet', 'inches'] as const;

export interface WeightEntry {
  value: number;
  type: (typeof WEIGHT_ENTRY_TYPES)[number];
  preferredUnit: WeightUnit;
  isTargetWeight: boolean;
}
export interface HeightEntry {
  value: number;
  type: (typeof HEIGHT_ENTRY_TYPES)[number];
}

/** Sums weight entries, which must be exactly one kg entry or one stone and one lbs entry. */
export function weightEntriesToKg(entries: readonly Pick<WeightEntry, 'type' | 'value'>[]): number | null {
  const values = entriesByType(entries);
  if (!values) return null;
  if (values.size === 1 && values.has('kg')) return values.get('kg')!;
  if (values.size === 2 && values.has('stone') && values.has('lbs')) {
    return stoneLbsToKg(values.get('stone')!, values.get('lbs')!);
  }
  return null;
}

/** Sums height entries, which must be exactly one cm entry or one feet and one inches entry. */
export function heightEntriesToCm(entries: readonly Pick<HeightEntry, 'type' | 'value'>[]): number | null {
  const values = entriesByType(entries);
  if (!values) return null;
  if (values.size === 1 && values.has('cm')) return values.get('cm')!;
  if (values.size === 2 && values.has('feet') && values.has('inches')) {
    return feetInchesToCm(values.get('feet')!, values.get('inches')!);
  }
  return null;
}

function entriesByType(entries: readonly { type: string; value: number }[]): Map<string, number> | null {
  const values = new Map<string, number>();
  for (const entry of entries) {
    if (values.has(entry.type)) return null;
    values.set(entry.type, entry.value);
  }
  return values;
}

export interface WeightOnlyAnswer {
  weight: WeightEntry[];
}
export interface MeasurementAnswer {
  weight: WeightEntry[];
  height: HeightEntry[];
  bmi: number;
}

// Stored answers are read with plain checks rather than a schema library: the quiz runs them in the browser as the
// patient continues, and the library would weigh more than the rest of the page's own code.
type Reader<T> = (value: unknown) => T | null;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isOneOf = <T extends string>(options: readonly T[], value: unknown): value is T => options.includes(value as T);

const readWeightEntry: Reader<WeightEntry> = (entry) =>
  isObject(entry) &&
  isNumber(entry.value) &&
  isOneOf(WEIGHT_ENTRY_TYPES, entry.type) &&
  isOneOf(WEIGHT_UNITS, entry.preferredUnit) &&
  typeof entry.isTargetWeight === 'boolean'
    ? { value: entry.value, type: entry.type, preferredUnit: entry.preferredUnit, isTargetWeight: entry.isTargetWeight }
    : null;

const readHeightEntry: Reader<HeightEntry> = (entry) =>
  isObject(entry) && isNumber(entry.value) && isOneOf(HEIGHT_ENTRY_TYPES, entry.type) ? { value: entry.value, type: entry.type } : null;

/** At least one entry, each well formed and within its field's limits (SPEC §5), else null. */
function readEntries<T extends { type: MeasurementField; value: number }>(value: unknown, read: Reader<T>): T[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const entries: T[] = [];
  for (const item of value) {
    const entry = read(item);
    if (!entry || measurementFieldError(entry.type, entry.value)) return null;
    entries.push(entry);
  }
  return entries;
}

/** A weight in kg, or stone and lbs, above zero. */
function readWeight(value: unknown): WeightEntry[] | null {
  const weight = readEntries(value, readWeightEntry);
  return weight && (weightEntriesToKg(weight) ?? 0) > 0 ? weight : null;
}

/** Reads every named field as a number, or null when any is empty, malformed or out of range. */
function readFilledFields<F extends MeasurementField>(
  fields: MeasurementFields,
  names: readonly F[],
): { type: F; value: number }[] | null {
  const read: { type: F; value: number }[] = [];
  for (const name of names) {
    const raw = fields[name];
    const parsed = parseMeasurementInput(raw);
    if (parsed.kind !== 'number' || measurementFieldError(name, raw)) return null;
    read.push({ type: name, value: parsed.value });
  }
  return read;
}

function weightEntries(weightUnit: WeightUnit, fields: MeasurementFields, isTargetWeight: boolean) {
  const read = readFilledFields(fields, WEIGHT_FIELDS[weightUnit]);
  if (!read) return null;
  const entries: WeightEntry[] = read.map(({ type, value }) => ({
    value,
    type,
    preferredUnit: weightUnit,
    isTargetWeight,
  }));
  const kg = weightEntriesToKg(entries);
  return kg !== null && kg > 0 ? { entries, kg } : null;
}

/** The BmiType question's answer, or null (empty answer) until all chosen fields are valid. */
export function measurementAnswer(input: {
  weightUnit: WeightUnit;
  heightUnit: HeightUnit;
  fields: MeasurementFields;
}): MeasurementAnswer | null {
  const weight = weightEntries(input.weightUnit, input.fields, false);
  const height = readFilledFields(input.fields, HEIGHT_FIELDS[input.heightUnit]);
  if (!weight || !height) return null;
  const cm = heightEntriesToCm(height)!;
  const raw = bmi(weight.kg, cm);
  if (raw === null) return null;
  return { weight: weight.entries, height, bmi: roundBmi(raw) };
}

/**
 * The WeightType question's answer (a weight alone, by default the goal weight), or null until
 * all chosen fields are valid.
 */
export function weightAnswer(input: {
  weightUnit: WeightUnit;
  fields: MeasurementFields;
  isTargetWeight?: boolean;
}): WeightOnlyAnswer | null {
  const weight = weightEntries(input.weightUnit, input.fields, input.isTargetWeight ?? true);
  return weight ? { weight: weight.entries } : null;
}

/** A stored BmiType answer (weight, height in cm or feet and inches, BMI above zero), or null. Unknown keys are dropped. */
export function parseMeasurementAnswer(value: unknown): MeasurementAnswer | null {
  if (!isObject(value)) return null;
  const weight = readWeight(value.weight);
  const height = readEntries(value.height, readHeightEntry);
  if (!weight || !height || heightEntriesToCm(height) === null || !isNumber(value.bmi) || value.bmi <= 0) return null;
  return { weight, height, bmi: value.bmi };
}

/** A stored WeightType answer, or null. Unknown keys are dropped. */
export function parseWeightAnswer(value: unknown): WeightOnlyAnswer | null {
  const weight = isObject(value) ? readWeight(value.weight) : null;
  return weight ? { weight } : null;
}

/** Metric figures for the server; it recomputes BMI from these rather than trusting the client's. */
export function answerToKgCm(answer: MeasurementAnswer): { kg: number; cm: number } {
  const kg = weightEntriesToKg(answer.weight);
  const cm = heightEntriesToCm(answer.height);
  if (kg === null || cm === null) throw new RangeError('Measurement answer mixes or repeats units');
  return { kg, cm };
}
