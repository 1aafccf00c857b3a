import { z } from 'zod';
import { bmi, roundBmi } from '../measurements/units';
import { heightEntriesToCm, weightEntriesToKg, type HeightUnit, type WeightUnit } from '../measurements/answer';
import { MEASUREMENT_MESSAGES, measurementFieldError, type MeasurementField } from '../measurements/validation';

/**
 * A weight log entry (SPEC §3, §7): a list of {type weight|height|bmi, value, isTargetWeight}. Each value is in the
 * unit the patient typed (`unit`, default kg for a weight and cm for a height; stone and lbs come as two items, as
 * do feet and inches) and passes the quiz's limits with the quiz's messages (SPEC §5). A bmi item is accepted and
 * ignored: the server works BMI out from the height.
 */
export const WEIGHT_LOG_UNITS = ['kg', 'stone', 'lbs', 'cm', 'feet', 'inches'] as const;

export const weightLogItemSchema = z.object({
  type: z.enum(['weight', 'height', 'bmi']),
  value: z.number(),
  isTargetWeight: z.boolean().optional(),
  unit: z.enum(WEIGHT_LOG_UNITS).optional(),
});
export type WeightLogItem = z.infer<typeof weightLogItemSchema>;

export const weightLogBodySchema = z.object({
  items: z.array(weightLogItemSchema).min(1).max(8),
  /** When the weight was measured; now when left out. Never in the future. */
  measuredAt: z.iso.datetime({ offset: true }).optional(),
});
export type WeightLogBody = z.infer<typeof weightLogBodySchema>;

export const WEIGHT_COMBINATION_MESSAGE = 'Enter your weight in kg, or in stone and lbs';
export const HEIGHT_COMBINATION_MESSAGE = 'Enter your height in cm, or in feet and inches';
export const WEIGHT_REQUIRED_MESSAGE = 'Enter your weight or your goal weight';
export const FUTURE_MEASUREMENT_MESSAGE = 'The date of a weight cannot be in the future';
export const UNIT_MISMATCH_MESSAGE = 'This unit does not fit this measurement';

export interface WeightValue {
  kg: number;
  unit: WeightUnit;
}
export interface HeightValue {
  cm: number;
  unit: HeightUnit;
}

export interface ReadWeightLog {
  weight: WeightValue | null;
  goal: WeightValue | null;
  height: HeightValue | null;
}

export interface WeightLogIssue {
  path: (string | number)[];
  message: string;
}

const WEIGHT_FIELDS: readonly MeasurementField[] = ['kg', 'stone', 'lbs'];
const HEIGHT_FIELDS: readonly MeasurementField[] = ['cm', 'feet', 'inches'];

/** Checks each item with its unit's limits and reads the weight, goal and height in kg and cm. */
export function readWeightLog(items: readonly WeightLogItem[]): { ok: true; log: ReadWeightLog } | { ok: false; issues: WeightLogIssue[] } {
  const issues: WeightLogIssue[] = [];
  const groups = { weight: [] as { type: MeasurementField; value: number }[], goal: [] as { type: MeasurementField; value: number }[], height: [] as { type: MeasurementField; value: number }[] };
  items.forEach((item, index) => {
    if (item.type === 'bmi') return;
    const unit: MeasurementField = item.unit ?? (item.type === 'weight' ? 'kg' : 'cm');
    const allowed = item.type === 'weight' ? WEIGHT_FIELDS : HEIGHT_FIELDS;
    if (!allowed.includes(unit)) {
      issues.push({ path: ['items', index, 'unit'], message: UNIT_MISMATCH_MESSAGE });
      return;
    }
    const message = measurementFieldError(unit, item.value);
    if (message) {
      issues.push({ path: ['items', index, 'value'], message });
      return;
    }
    const group = item.type === 'height' ? groups.height : item.isTargetWeight ? groups.goal : groups.weight;
    group.push({ type: unit, value: item.value });
  });
  if (issues.length > 0) return { ok: false, issues };

  const weightOf = (entries: { type: MeasurementField; value: number }[]): WeightValue | null => {
    if (entries.length === 0) return null;
    const kg = weightEntriesToKg(entries as { type: 'kg' | 'stone' | 'lbs'; value: number }[]);
    if (kg === null) {
      issues.push({ path: ['items'], message: WEIGHT_COMBINATION_MESSAGE });
      return null;
    }
    if (!(kg > 0)) {
      issues.push({ path: ['items'], message: MEASUREMENT_MESSAGES[entries[0]!.type] });
      return null;
    }
    return { kg, unit: entries.some((entry) => entry.type === 'kg') ? 'kg' : 'st-lbs' };
  };
  const weight = weightOf(groups.weight);
  const goal = weightOf(groups.goal);
  let height: HeightValue | null = null;
  if (groups.height.length > 0) {
    const cm = heightEntriesToCm(groups.height as { type: 'cm' | 'feet' | 'inches'; value: number }[]);
    if (cm === null) issues.push({ path: ['items'], message: HEIGHT_COMBINATION_MESSAGE });
    else height = { cm, unit: groups.height.some((entry) => entry.type === 'cm') ? 'cm' : 'ft-in' };
  }
  if (issues.length === 0 && !weight && !goal) issues.push({ path: ['items'], message: WEIGHT_REQUIRED_MESSAGE });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, log: { weight, goal, height } };
}

/** BMI to one decimal from a weight and the latest height, or null without a height. */
export function weightLogBmi(weightKg: number | null, heightCm: number | null): number | null {
  if (weightKg === null || heightCm === null) return null;
  const value = bmi(weightKg, heightCm);
  return value === null ? null : roundBmi(value);
}

/** A measurement time a clock may be slightly ahead of: a phone set a few minutes fast is not refused. */
export const MEASURED_AT_SKEW_MS = 5 * 60 * 1000;

export function isFutureMeasurement(measuredAt: Date, now: Date): boolean {
  return measuredAt.getTime() > now.getTime() + MEASURED_AT_SKEW_MS;
}

export const weightPointSourceSchema = z.enum(['patient', 'consultation', 'check-in']);

/** SPEC §3 Weight point, as the chart and the list read it. */
export const weightPointSchema = z.object({
  id: z.uuid(),
  measuredAt: z.string(),
  weightKg: z.number(),
  /** The unit the patient typed it in. */
  unit: z.enum(['kg', 'st-lbs']),
  heightCm: z.number().nullable(),
  bmi: z.number().nullable(),
  source: weightPointSourceSchema,
});
export type WeightPoint = z.infer<typeof weightPointSchema>;

/** GET /shop-api/weight-logs. */
export const weightLogsSchema = z.object({
  points: z.array(weightPointSchema),
  goalWeightKg: z.number().nullable(),
  startingWeightKg: z.number().nullable(),
  startingDate: z.string().nullable(),
  endingDate: z.string().nullable(),
  /** The latest height the patient gave, in cm; null when none (the modal then asks for it). */
  heightCm: z.number().nullable(),
  preferredUnit: z.enum(['kg', 'st-lbs']),
  imperial: z.boolean(),
});
export type WeightLogs = z.infer<typeof weightLogsSchema>;

export const weightPreferencesSchema = z.object({ weightUnit: z.enum(['kg', 'st-lbs']) });
export type WeightPreferences = z.infer<typeof weightPreferencesSchema>;

/** One entry as created or edited. */
export const weightLogEntrySchema = z.object({
  id: z.uuid(),
  measuredAt: z.string(),
  weightKg: z.number().nullable(),
  goalWeightKg: z.number().nullable(),
  heightCm: z.number().nullable(),
  bmi: z.number().nullable(),
  unit: z.enum(['kg', 'st-lbs']).nullable(),
  source: weightPointSourceSchema,
});
export type WeightLogEntry = z.infer<typeof weightLogEntrySchema>;
