import { z } from 'zod';
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

const weightEntrySchema = z.object({
  value: z.number(),
  type: z.enum(['kg', 'stone', 'lbs']),
  preferredUnit: z.enum(WEIGHT_UNITS),
  isTargetWeight: z.boolean(),
});
const heightEntrySchema = z.object({
  value: z.number(),
  type: z.enum(['cm', 'feet', 'inches']),
});
export type WeightEntry = z.infer<typeof weightEntrySchema>;
export type HeightEntry = z.infer<typeof heightEntrySchema>;

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

function addRuleIssues(
  entries: readonly { type: MeasurementField; value: number }[],
  path: 'weight' | 'height',
  ctx: z.RefinementCtx,
) {
  entries.forEach((entry, index) => {
    const message = measurementFieldError(entry.type, entry.value);
    if (message) ctx.addIssue({ code: 'custom', message, path: [path, index, 'value'] });
  });
}

export const weightOnlyAnswerSchema = z
  .object({ weight: z.array(weightEntrySchema).min(1) })
  .superRefine((answer, ctx) => {
    addRuleIssues(answer.weight, 'weight', ctx);
    if (!((weightEntriesToKg(answer.weight) ?? 0) > 0)) {
      ctx.addIssue({ code: 'custom', message: 'Weight must be kg, or stone and lbs, above zero', path: ['weight'] });
    }
  });
export type WeightOnlyAnswer = z.infer<typeof weightOnlyAnswerSchema>;

export const measurementAnswerSchema = z
  .object({
    weight: z.array(weightEntrySchema).min(1),
    height: z.array(heightEntrySchema).min(1),
    bmi: z.number().positive(),
  })
  .superRefine((answer, ctx) => {
    addRuleIssues(answer.weight, 'weight', ctx);
    addRuleIssues(answer.height, 'height', ctx);
    if (!((weightEntriesToKg(answer.weight) ?? 0) > 0)) {
      ctx.addIssue({ code: 'custom', message: 'Weight must be kg, or stone and lbs, above zero', path: ['weight'] });
    }
    if (heightEntriesToCm(answer.height) === null) {
      ctx.addIssue({ code: 'custom', message: 'Height must be cm, or feet and inches', path: ['height'] });
    }
  });
export type MeasurementAnswer = z.infer<typeof measurementAnswerSchema>;

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

export function parseMeasurementAnswer(value: unknown): MeasurementAnswer | null {
  const result = measurementAnswerSchema.safeParse(value);
  return result.success ? result.data : null;
}

export function parseWeightAnswer(value: unknown): WeightOnlyAnswer | null {
  const result = weightOnlyAnswerSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** Metric figures for the server; it recomputes BMI from these rather than trusting the client's. */
export function answerToKgCm(answer: MeasurementAnswer): { kg: number; cm: number } {
  const kg = weightEntriesToKg(answer.weight);
  const cm = heightEntriesToCm(answer.height);
  if (kg === null || cm === null) throw new RangeError('Measurement answer mixes or repeats units');
  return { kg, cm };
}
