import { cmToFeetInches, feetInchesToCm, kgToStoneLbs, stoneLbsToKg } from './units';
import { measurementFieldError, parseMeasurementInput, type MeasurementField, type MeasurementInput } from './validation';
import type { HeightUnit, MeasurementFields, WeightUnit } from './answer';

/**
 * Switching units converts what was typed rather than wiping it (issue 16 item 5): kg to one decimal,
 * stone whole with pounds to one decimal, cm to one decimal, feet whole with inches to one decimal.
 * Nothing to convert (an empty, malformed or out-of-range field) leaves the other unit's fields as they were.
 */

const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/** The fields' numbers when every one of them is filled and within its limits, else null. */
function readAll(fields: MeasurementFields, names: readonly MeasurementField[]): number[] | null {
  const values: number[] = [];
  for (const name of names) {
    const raw: MeasurementInput = fields[name];
    const parsed = parseMeasurementInput(raw);
    if (parsed.kind !== 'number' || measurementFieldError(name, raw)) return null;
    values.push(parsed.value);
  }
  return values;
}

export function convertWeightFields(fields: MeasurementFields, from: WeightUnit, to: WeightUnit): MeasurementFields {
  if (from === to || agrees(fields, to, from, convertWeight)) return fields;
  return convertWeight(fields, from);
}

export function convertHeightFields(fields: MeasurementFields, from: HeightUnit, to: HeightUnit): MeasurementFields {
  if (from === to || agrees(fields, to, from, convertHeight)) return fields;
  return convertHeight(fields, from);
}

const FIELDS: Record<WeightUnit | HeightUnit, readonly MeasurementField[]> = { kg: ['kg'], 'st-lbs': ['stone', 'lbs'], cm: ['cm'], 'ft-in': ['feet', 'inches'] };

/**
 * True when the fields of `to` already hold a value that converts to what `from` shows: switching back without an
 * edit then restores exactly what was typed (170 cm stays 170, not 169.9 after 5 ft 6.9 in).
 */
function agrees<U extends WeightUnit | HeightUnit>(fields: MeasurementFields, to: U, from: U, convert: (fields: MeasurementFields, from: U) => MeasurementFields): boolean {
  if (!readAll(fields, FIELDS[to])) return false;
  const back = convert(fields, to);
  return FIELDS[from].every((name) => {
    const shown = parseMeasurementInput(fields[name]);
    return shown.kind === 'number' && Number(back[name]) === shown.value;
  });
}

function convertWeight(fields: MeasurementFields, from: WeightUnit): MeasurementFields {
  if (from === 'kg') {
    const [kg] = readAll(fields, ['kg']) ?? [];
    if (kg === undefined) return fields;
    const { stone, lbs } = kgToStoneLbs(kg);
    return { ...fields, stone: String(stone), lbs: oneDecimal(lbs) };
  }
  const read = readAll(fields, ['stone', 'lbs']);
  if (!read) return fields;
  return { ...fields, kg: oneDecimal(stoneLbsToKg(read[0]!, read[1]!)) };
}

function convertHeight(fields: MeasurementFields, from: HeightUnit): MeasurementFields {
  if (from === 'cm') {
    const [cm] = readAll(fields, ['cm']) ?? [];
    if (cm === undefined) return fields;
    const { feet, inches } = cmToFeetInches(cm);
    return { ...fields, feet: String(feet), inches: oneDecimal(inches) };
  }
  const read = readAll(fields, ['feet', 'inches']);
  if (!read) return fields;
  return { ...fields, cm: oneDecimal(feetInchesToCm(read[0]!, read[1]!)) };
}
