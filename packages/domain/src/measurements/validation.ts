/**
 * Per-field limits of the weight and height inputs (SPEC §5 "Measurements").
 * Each rule answers the message to show, or null when the field is acceptable.
 * An empty field is never an error here; whether it is required is the answer's concern.
 */

export type MeasurementField = 'kg' | 'stone' | 'lbs' | 'cm' | 'feet' | 'inches';

/** A raw field value as a form holds it. */
export type MeasurementInput = string | number | null | undefined;

export const MEASUREMENT_MESSAGES: Readonly<Record<MeasurementField, string>> = {
  kg: "This doesn't look right, enter your weight in kg",
  stone: "This doesn't look right, enter your weight in stone",
  lbs: "This doesn't look right, enter your weight in lbs",
  cm: "This doesn't look right, enter your height in cm",
  feet: "This doesn't look right, enter your height in feet",
  inches: "This doesn't look right, enter in inches",
};

export type ParsedMeasurement =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'invalid' };

// Plain decimals only: no exponents, hex, 'Infinity' or thousands separators.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export function parseMeasurementInput(raw: MeasurementInput): ParsedMeasurement {
  if (raw === null || raw === undefined) return { kind: 'empty' };
  if (typeof raw === 'number') {
    return Number.isFinite(raw) ? { kind: 'number', value: raw } : { kind: 'invalid' };
  }
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  if (!DECIMAL.test(text)) return { kind: 'invalid' };
  return { kind: 'number', value: Number(text) };
}

/** True when the value breaks the field's limits (the value is known to be a finite number). */
const OUT_OF_RANGE: Readonly<Record<MeasurementField, (value: number) => boolean>> = {
  kg: (v) => v >= 445 || v < 0,
  stone: (v) => v >= 71 || v < 0,
  lbs: (v) => v > 14 || v < 0,
  cm: (v) => v > 230 || v < 90,
  feet: (v) => v < 3 || v >= 8,
  inches: (v) => v > 12 || v < 0,
};

export function measurementFieldError(field: MeasurementField, raw: MeasurementInput): string | null {
  const parsed = parseMeasurementInput(raw);
  if (parsed.kind === 'empty') return null;
  if (parsed.kind === 'invalid' || OUT_OF_RANGE[field](parsed.value)) return MEASUREMENT_MESSAGES[field];
  return null;
}

export const validateKg = (raw: MeasurementInput) => measurementFieldError('kg', raw);
export const validateStone = (raw: MeasurementInput) => measurementFieldError('stone', raw);
export const validateLbs = (raw: MeasurementInput) => measurementFieldError('lbs', raw);
export const validateCm = (raw: MeasurementInput) => measurementFieldError('cm', raw);
export const validateFeet = (raw: MeasurementInput) => measurementFieldError('feet', raw);
export const validateInches = (raw: MeasurementInput) => measurementFieldError('inches', raw);
