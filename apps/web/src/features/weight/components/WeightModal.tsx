import { useState, type FormEvent, type RefObject } from 'react';
import {
  FUTURE_MEASUREMENT_MESSAGE,
  convertHeightFields,
  convertWeightFields,
  kgToStoneLbs,
  measurementFieldError,
  parseMeasurementInput,
  ukCalendarDate,
  type HeightUnit,
  type MeasurementField,
  type MeasurementFields,
  type WeightLogBody,
  type WeightLogItem,
  type WeightPoint,
  type WeightUnit,
} from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { sendAnalyticsEvent } from '../../../lib/analytics';
import { forgetPreferredUnit, readPreferredUnit, writePreferredUnit } from '../../../lib/preferred-unit';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import {
  HEIGHT_UNIT_BUTTONS,
  HEIGHT_UNIT_FIELDS,
  MeasurementInputs,
  UnitSwitch,
  WEIGHT_UNIT_BUTTONS,
  WEIGHT_UNIT_FIELDS,
} from '../../../ui/MeasurementFields';
import { TextField } from '../../../ui/TextField';
import { useSaveWeightLog } from '../api';
import { londonNoon } from '../dates';

export type WeightModalMode = 'log' | 'goal' | 'edit';

const TITLES: Record<WeightModalMode, string> = { log: 'Log your weight', goal: 'Set your goal weight', edit: 'Edit your weight' };
const ACTIONS: Record<WeightModalMode, string> = { log: 'Log weight', goal: 'Add goal weight', edit: 'Edit weight' };
const SUBMIT: Record<WeightModalMode, string> = { log: 'Save weight', goal: 'Save goal', edit: 'Save changes' };
export const WEIGHT_SAVE_FAILED = 'We could not save your weight. Please try again.';

export interface WeightModalProps {
  mode: WeightModalMode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entry being edited (edit mode). */
  entry?: WeightPoint;
  /** The patient's saved unit (account preference). */
  preferredUnit: WeightUnit;
  /** Known already: the height field is hidden. */
  heightKnown: boolean;
  /** The current goal, preset in goal mode. */
  goalKg?: number | null;
  /** Where focus goes on close (the modal opens from code). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

interface FormState {
  weightUnit: WeightUnit;
  heightUnit: HeightUnit;
  fields: MeasurementFields;
  date: string;
}

function presetFields(kg: number | null | undefined, unit: WeightUnit): MeasurementFields {
  if (kg === null || kg === undefined) return {};
  if (unit === 'kg') return { kg: String(Math.round(kg * 10) / 10) };
  const { stone, lbs } = kgToStoneLbs(kg);
  return { stone: String(stone), lbs: String(lbs) };
}

/** Metric unless a stone value is preset (SPEC §4): an entry typed in stone, else the unit the patient chose. */
function initialState({ mode, entry, preferredUnit, goalKg }: WeightModalProps): FormState {
  const today = ukCalendarDate(new Date());
  if (mode === 'edit' && entry) {
    return { weightUnit: entry.unit, heightUnit: 'cm', fields: presetFields(entry.weightKg, entry.unit), date: ukCalendarDate(new Date(entry.measuredAt)) };
  }
  const weightUnit = readPreferredUnit() ?? preferredUnit;
  return { weightUnit, heightUnit: 'cm', fields: mode === 'goal' ? presetFields(goalKg, weightUnit) : {}, date: today };
}

const filled = (fields: MeasurementFields, names: MeasurementField[]) => names.every((name) => parseMeasurementInput(fields[name]).kind === 'number');

function items(state: FormState, mode: WeightModalMode, withHeight: boolean): WeightLogItem[] {
  const isTargetWeight = mode === 'goal';
  const list: WeightLogItem[] = WEIGHT_UNIT_FIELDS[state.weightUnit].map((unit) => ({
    type: 'weight',
    unit: unit as WeightLogItem['unit'],
    value: Number(state.fields[unit]),
    isTargetWeight,
  }));
  if (withHeight) {
    for (const unit of HEIGHT_UNIT_FIELDS[state.heightUnit]) list.push({ type: 'height', unit: unit as WeightLogItem['unit'], value: Number(state.fields[unit]) });
  }
  return list;
}

/** The message under the form: the server's own words for a refused value, else a plain apology. */
function failureMessage(error: unknown): string {
  if (isApiError(error) && error.status === 400) {
    const issue = (error.details as { issues?: { message?: string }[] } | undefined)?.issues?.[0];
    return issue?.message ?? error.message;
  }
  return WEIGHT_SAVE_FAILED;
}

/**
 * The weight modal (SPEC §4) in its three modes: log a weight, set a goal, edit an entry. Same unit buttons and
 * fields as the quiz; the height is asked only while the account has none; submit is disabled while an error
 * shows or a required field is empty.
 */
export function WeightModal(props: WeightModalProps) {
  const { mode, open, onOpenChange, entry, heightKnown, returnFocusTo } = props;
  return (
    <Dialog title={TITLES[mode]} open={open} onOpenChange={onOpenChange} returnFocusTo={returnFocusTo}>
      {/* Mounted while open only, so each opening starts from the entry or preference as they are now. */}
      {open ? <WeightForm {...props} askHeight={mode !== 'goal' && !heightKnown} key={entry?.id ?? mode} /> : null}
    </Dialog>
  );
}

function WeightForm(props: WeightModalProps & { askHeight: boolean }) {
  const { mode, entry, onOpenChange, askHeight } = props;
  const [state, setState] = useState(() => initialState(props));
  const save = useSaveWeightLog();
  const today = ukCalendarDate(new Date());

  const weightNames = WEIGHT_UNIT_FIELDS[state.weightUnit];
  const heightNames = askHeight ? HEIGHT_UNIT_FIELDS[state.heightUnit] : [];
  const shown = [...weightNames, ...heightNames];
  const hasError = shown.some((name) => measurementFieldError(name, state.fields[name]) !== null) || (mode !== 'goal' && state.date > today);
  const complete = filled(state.fields, shown) && (mode === 'goal' || state.date !== '');

  const setField = (field: MeasurementField, value: string) => setState({ ...state, fields: { ...state.fields, [field]: value } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasError || !complete) return;
    const body: WeightLogBody = { items: items(state, mode, askHeight) };
    if (mode !== 'goal') {
      const sameDay = entry ? ukCalendarDate(new Date(entry.measuredAt)) === state.date : state.date === today;
      if (entry && sameDay) body.measuredAt = entry.measuredAt;
      else if (!sameDay) body.measuredAt = londonNoon(state.date);
    }
    save.mutate(
      { id: mode === 'edit' ? entry?.id : undefined, body, unit: state.weightUnit },
      {
        onSuccess: () => {
          forgetPreferredUnit();
          sendAnalyticsEvent('Tracking - Goal Action Completed', { category: 'Weight loss', action: ACTIONS[mode] });
          onOpenChange(false);
        },
        onError: (error) => {
          // Logged without the values typed: they are health data.
          console.error('Weight submit failed', isApiError(error) ? `${error.status} ${error.code}` : 'network');
        },
      },
    );
  };

  return (
    <form className="weight-form" noValidate onSubmit={submit}>
      <section className="measurement-group" aria-labelledby="weight-form-weight">
        <div className="measurement-group__head">
          <h3 id="weight-form-weight" className="measurement-group__title">
            {mode === 'goal' ? 'Your goal weight' : 'Your weight'}
          </h3>
          <UnitSwitch
            label="Weight units"
            units={WEIGHT_UNIT_BUTTONS}
            value={state.weightUnit}
            onChange={(weightUnit) => {
              writePreferredUnit(weightUnit);
              setState({ ...state, weightUnit, fields: convertWeightFields(state.fields, state.weightUnit, weightUnit) });
            }}
          />
        </div>
        <MeasurementInputs fields={state.fields} names={weightNames} onChange={setField} />
      </section>
      {askHeight ? (
        <section className="measurement-group" aria-labelledby="weight-form-height">
          <div className="measurement-group__head">
            <h3 id="weight-form-height" className="measurement-group__title">
              Your height
            </h3>
            <UnitSwitch
              label="Height units"
              units={HEIGHT_UNIT_BUTTONS}
              value={state.heightUnit}
              onChange={(heightUnit) => setState({ ...state, heightUnit, fields: convertHeightFields(state.fields, state.heightUnit, heightUnit) })}
            />
          </div>
          <MeasurementInputs fields={state.fields} names={heightNames} onChange={setField} />
        </section>
      ) : null}
      {mode !== 'goal' ? (
        <TextField
          label="Date weighed"
          type="date"
          max={today}
          value={state.date}
          error={state.date > today ? FUTURE_MEASUREMENT_MESSAGE : null}
          onChange={(event) => setState({ ...state, date: event.target.value })}
        />
      ) : null}
      <ErrorMessage className="weight-form__error">{save.isError ? failureMessage(save.error) : null}</ErrorMessage>
      <Button type="submit" variant="primary" block disabled={hasError || !complete} loading={save.isPending}>
        {SUBMIT[mode]}
      </Button>
    </form>
  );
}
