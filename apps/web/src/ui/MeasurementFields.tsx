import { measurementFieldError, type HeightUnit, type MeasurementField, type MeasurementFields, type WeightUnit } from '@elmwood/domain';
import { TextField } from './TextField';
import './MeasurementFields.css';

/** The fields' accessible names, the same wherever a weight or height is typed. */
export const MEASUREMENT_FIELD_NAMES: Record<MeasurementField, string> = {
  kg: 'Weight in kg',
  stone: 'Weight in stone',
  lbs: 'Weight in lbs',
  cm: 'Height in cm',
  feet: 'Height in feet',
  inches: 'Height in inches',
};
const FIELD_UNITS: Record<MeasurementField, string> = { kg: 'kg', stone: 'st', lbs: 'lbs', cm: 'cm', feet: 'ft', inches: 'in' };
export const WEIGHT_UNIT_FIELDS: Record<WeightUnit, MeasurementField[]> = { kg: ['kg'], 'st-lbs': ['stone', 'lbs'] };
export const HEIGHT_UNIT_FIELDS: Record<HeightUnit, MeasurementField[]> = { cm: ['cm'], 'ft-in': ['feet', 'inches'] };
export const WEIGHT_UNIT_BUTTONS: [WeightUnit, string][] = [
  ['kg', 'kg'],
  ['st-lbs', 'st/lbs'],
];
export const HEIGHT_UNIT_BUTTONS: [HeightUnit, string][] = [
  ['cm', 'cm'],
  ['ft-in', 'ft/in'],
];

/** Two or more toggle buttons choosing a unit; the chosen one is pressed. */
export function UnitSwitch<U extends string>({ label, units, value, onChange }: { label: string; units: [U, string][]; value: U; onChange: (unit: U) => void }) {
  return (
    <div className="unit-switch" role="group" aria-label={label}>
      {units.map(([unit, text]) => (
        <button key={unit} type="button" className="unit-switch__button" aria-pressed={value === unit} onClick={() => onChange(unit)}>
          {text}
        </button>
      ))}
    </div>
  );
}

/** One text field per unit part, each checked against its SPEC §5 limits as the patient types. */
export function MeasurementInputs({
  fields,
  names,
  formName,
  onChange,
}: {
  fields: MeasurementFields;
  names: MeasurementField[];
  /** The name each field is posted under, when the fields are part of a form that also works without the script. */
  formName?: (field: MeasurementField) => string;
  onChange: (field: MeasurementField, value: string) => void;
}) {
  return (
    <div className="measurement-inputs">
      {names.map((field) => {
        const raw = fields[field];
        return (
          <TextField
            key={field}
            className="measurement-input"
            label={MEASUREMENT_FIELD_NAMES[field]}
            name={formName?.(field)}
            suffix={FIELD_UNITS[field]}
            inputMode="decimal"
            autoComplete="off"
            value={raw === undefined || raw === null ? '' : String(raw)}
            error={measurementFieldError(field, raw)}
            onChange={(event) => onChange(field, event.target.value)}
          />
        );
      })}
    </div>
  );
}
