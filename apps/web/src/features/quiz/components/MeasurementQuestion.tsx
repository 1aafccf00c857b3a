import { useState } from 'react';
import {
  measurementAnswer,
  measurementFieldError,
  parseMeasurementAnswer,
  parseWeightAnswer,
  weightAnswer,
  type HeightUnit,
  type MeasurementField,
  type MeasurementFields,
  type WeightUnit,
} from '@elmwood/domain';
import { TextField } from '../../../ui/TextField';
import type { QuestionInputProps } from './types';

const FIELD_NAMES: Record<MeasurementField, string> = {
  kg: 'Weight in kg',
  stone: 'Weight in stone',
  lbs: 'Weight in lbs',
  cm: 'Height in cm',
  feet: 'Height in feet',
  inches: 'Height in inches',
};
const FIELD_UNITS: Record<MeasurementField, string> = { kg: 'kg', stone: 'st', lbs: 'lbs', cm: 'cm', feet: 'ft', inches: 'in' };
const WEIGHT_FIELDS: Record<WeightUnit, MeasurementField[]> = { kg: ['kg'], 'st-lbs': ['stone', 'lbs'] };
const HEIGHT_FIELDS: Record<HeightUnit, MeasurementField[]> = { cm: ['cm'], 'ft-in': ['feet', 'inches'] };

interface Initial {
  weightUnit: WeightUnit;
  heightUnit: HeightUnit;
  fields: MeasurementFields;
}

/** Fields back from a saved answer, so returning to the step shows what was typed. */
function initialFrom(value: unknown): Initial {
  const full = parseMeasurementAnswer(value);
  const weightOnly = full ?? parseWeightAnswer(value);
  const fields: MeasurementFields = {};
  for (const entry of weightOnly?.weight ?? []) fields[entry.type] = String(entry.value);
  for (const entry of full?.height ?? []) fields[entry.type] = String(entry.value);
  return {
    weightUnit: weightOnly?.weight[0]?.preferredUnit ?? 'kg',
    heightUnit: full?.height.some((entry) => entry.type === 'feet') ? 'ft-in' : 'cm',
    fields,
  };
}

function UnitSwitch<U extends string>({ label, units, value, onChange }: { label: string; units: [U, string][]; value: U; onChange: (unit: U) => void }) {
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

function MeasurementInputs({ fields, names, onChange }: { fields: MeasurementFields; names: MeasurementField[]; onChange: (field: MeasurementField, value: string) => void }) {
  return (
    <div className="measurement-inputs">
      {names.map((field) => {
        const raw = fields[field];
        return (
          <TextField
            key={field}
            className="measurement-input"
            label={FIELD_NAMES[field]}
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

/**
 * BmiType: weight and height in the patient's units. The answer stays empty until every field of the
 * chosen units is filled and within its limits (SPEC §5); then the BMI shows.
 */
export function BmiQuestion({ question, value, onChange }: QuestionInputProps) {
  const [state, setState] = useState(() => initialFrom(value));
  const update = (next: Initial) => {
    setState(next);
    onChange(measurementAnswer(next));
  };
  const answer = measurementAnswer(state);
  return (
    <div className="measurement-question">
      <section className="measurement-group" aria-labelledby={`q-${question.id}-weight`}>
        <div className="measurement-group__head">
          <h2 id={`q-${question.id}-weight`} className="measurement-group__title">
            Your weight
          </h2>
          <UnitSwitch
            label="Weight units"
            units={[['kg', 'kg'], ['st-lbs', 'st/lbs']]}
            value={state.weightUnit}
            onChange={(weightUnit) => update({ ...state, weightUnit })}
          />
        </div>
        <MeasurementInputs fields={state.fields} names={WEIGHT_FIELDS[state.weightUnit]} onChange={(field, raw) => update({ ...state, fields: { ...state.fields, [field]: raw } })} />
      </section>
      <section className="measurement-group" aria-labelledby={`q-${question.id}-height`}>
        <div className="measurement-group__head">
          <h2 id={`q-${question.id}-height`} className="measurement-group__title">
            Your height
          </h2>
          <UnitSwitch
            label="Height units"
            units={[['cm', 'cm'], ['ft-in', 'ft/in']]}
            value={state.heightUnit}
            onChange={(heightUnit) => update({ ...state, heightUnit })}
          />
        </div>
        <MeasurementInputs fields={state.fields} names={HEIGHT_FIELDS[state.heightUnit]} onChange={(field, raw) => update({ ...state, fields: { ...state.fields, [field]: raw } })} />
      </section>
      <p className="bmi-result" aria-live="polite">
        {answer ? (
          <>
            Your BMI is <strong>{answer.bmi.toFixed(1)}</strong>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** WeightType: a weight alone (by default the goal weight), in kg or stone and pounds. */
export function WeightQuestion({ value, onChange }: QuestionInputProps) {
  const [state, setState] = useState(() => initialFrom(value));
  const update = (next: Initial) => {
    setState(next);
    onChange(weightAnswer({ weightUnit: next.weightUnit, fields: next.fields }));
  };
  return (
    <div className="measurement-question">
      <div className="measurement-group__head">
        <UnitSwitch label="Weight units" units={[['kg', 'kg'], ['st-lbs', 'st/lbs']]} value={state.weightUnit} onChange={(weightUnit) => update({ ...state, weightUnit })} />
      </div>
      <MeasurementInputs fields={state.fields} names={WEIGHT_FIELDS[state.weightUnit]} onChange={(field, raw) => update({ ...state, fields: { ...state.fields, [field]: raw } })} />
    </div>
  );
}
