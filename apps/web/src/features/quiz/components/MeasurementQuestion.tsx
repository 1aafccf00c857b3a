import { useState } from 'react';
import {
  convertHeightFields,
  convertWeightFields,
  measurementAnswer,
  parseMeasurementAnswer,
  parseWeightAnswer,
  weightAnswer,
  type HeightUnit,
  type MeasurementFields,
  type WeightUnit,
} from '@elmwood/domain';
import { readPreferredUnit, writePreferredUnit } from '../../../lib/preferred-unit';
import {
  HEIGHT_UNIT_BUTTONS,
  HEIGHT_UNIT_FIELDS,
  MeasurementInputs,
  UnitSwitch,
  WEIGHT_UNIT_BUTTONS,
  WEIGHT_UNIT_FIELDS,
} from '../../../ui/MeasurementFields';
import { useHydrating } from '../../../lib/hydration';
import { answerFieldName } from '../formAnswers';
import type { QuestionInputProps } from './types';

/** The unit this browser remembers; not while the server's HTML is hydrated, since the server could not know it. */
function useInitial(value: unknown): Initial {
  const hydrating = useHydrating();
  return initialFrom(value, hydrating ? null : readPreferredUnit());
}

interface Initial {
  weightUnit: WeightUnit;
  heightUnit: HeightUnit;
  fields: MeasurementFields;
}

/** Switching units converts what was typed (SPEC §9 conversions) and remembers the weight unit chosen. */
function switchWeightUnit(state: Initial, weightUnit: WeightUnit): Initial {
  writePreferredUnit(weightUnit);
  return { ...state, weightUnit, fields: convertWeightFields(state.fields, state.weightUnit, weightUnit) };
}

function switchHeightUnit(state: Initial, heightUnit: HeightUnit): Initial {
  return { ...state, heightUnit, fields: convertHeightFields(state.fields, state.heightUnit, heightUnit) };
}

/** Fields back from a saved answer, so returning to the step shows what was typed. */
function initialFrom(value: unknown, preferredUnit: WeightUnit | null): Initial {
  const full = parseMeasurementAnswer(value);
  const weightOnly = full ?? parseWeightAnswer(value);
  const fields: MeasurementFields = {};
  for (const entry of weightOnly?.weight ?? []) fields[entry.type] = String(entry.value);
  for (const entry of full?.height ?? []) fields[entry.type] = String(entry.value);
  return {
    // A new goal-weight step opens in the unit the patient chose for their weight earlier in the consultation.
    weightUnit: weightOnly?.weight[0]?.preferredUnit ?? preferredUnit ?? 'kg',
    heightUnit: full?.height.some((entry) => entry.type === 'feet') ? 'ft-in' : 'cm',
    fields,
  };
}

/**
 * BmiType: weight and height in the patient's units. The answer stays empty until every field of the
 * chosen units is filled and within its limits (SPEC §5); then the BMI shows.
 */
export function BmiQuestion({ question, value, onChange }: QuestionInputProps) {
  const initial = useInitial(value);
  const [state, setState] = useState(initial);
  const update = (next: Initial) => {
    setState(next);
    onChange(measurementAnswer(next));
  };
  const answer = measurementAnswer(state);
  return (
    <div className="measurement-question">
      <input type="hidden" name={answerFieldName(question.id, 'weightUnit')} value={state.weightUnit} />
      <input type="hidden" name={answerFieldName(question.id, 'heightUnit')} value={state.heightUnit} />
      <section className="measurement-group" aria-labelledby={`q-${question.id}-weight`}>
        <div className="measurement-group__head">
          <h2 id={`q-${question.id}-weight`} className="measurement-group__title">
            Your weight
          </h2>
          <UnitSwitch
            label="Weight units"
            units={WEIGHT_UNIT_BUTTONS}
            value={state.weightUnit}
            onChange={(weightUnit) => update(switchWeightUnit(state, weightUnit))}
          />
        </div>
        <MeasurementInputs fields={state.fields} names={WEIGHT_UNIT_FIELDS[state.weightUnit]} formName={(field) => answerFieldName(question.id, field)} onChange={(field, raw) => update({ ...state, fields: { ...state.fields, [field]: raw } })} />
      </section>
      <section className="measurement-group" aria-labelledby={`q-${question.id}-height`}>
        <div className="measurement-group__head">
          <h2 id={`q-${question.id}-height`} className="measurement-group__title">
            Your height
          </h2>
          <UnitSwitch
            label="Height units"
            units={HEIGHT_UNIT_BUTTONS}
            value={state.heightUnit}
            onChange={(heightUnit) => update(switchHeightUnit(state, heightUnit))}
          />
        </div>
        <MeasurementInputs fields={state.fields} names={HEIGHT_UNIT_FIELDS[state.heightUnit]} formName={(field) => answerFieldName(question.id, field)} onChange={(field, raw) => update({ ...state, fields: { ...state.fields, [field]: raw } })} />
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
export function WeightQuestion({ question, value, onChange }: QuestionInputProps) {
  const initial = useInitial(value);
  const [state, setState] = useState(initial);
  const update = (next: Initial) => {
    setState(next);
    onChange(weightAnswer({ weightUnit: next.weightUnit, fields: next.fields }));
  };
  return (
    <div className="measurement-question">
      <input type="hidden" name={answerFieldName(question.id, 'weightUnit')} value={state.weightUnit} />
      <div className="measurement-group__head">
        <UnitSwitch label="Weight units" units={WEIGHT_UNIT_BUTTONS} value={state.weightUnit} onChange={(weightUnit) => update(switchWeightUnit(state, weightUnit))} />
      </div>
      <MeasurementInputs fields={state.fields} names={WEIGHT_UNIT_FIELDS[state.weightUnit]} formName={(field) => answerFieldName(question.id, field)} onChange={(field, raw) => update({ ...state, fields: { ...state.fields, [field]: raw } })} />
    </div>
  );
}
