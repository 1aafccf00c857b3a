import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  diaryEntryBodySchema,
  SIDE_EFFECT_RED_FLAG_CODES,
  SIDE_EFFECT_RED_FLAGS,
  SIDE_EFFECT_SEVERITIES,
  SIDE_EFFECT_SEVERITY_CODES,
  SIDE_EFFECT_SYMPTOM_CODES,
  SIDE_EFFECT_SYMPTOMS,
  ukCalendarDate,
  type DiaryEntryReply,
  type SideEffectRedFlag,
} from '@elmwood/domain';
import { serverFieldErrors, zodFieldErrors } from '../../auth';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { RadioCards } from '../../../ui/RadioCards';
import { TextAreaField, TextField } from '../../../ui/TextField';
import { useLogSideEffect } from '../api';

const empty = () => ({ symptom: '', severity: '', occurredOn: ukCalendarDate(new Date()), redFlags: [] as SideEffectRedFlag[], note: '' });

/** 'Add a side effect': what, how bad, when, and the warning signs asked with every entry. */
export function DiaryForm({ onLogged }: { onLogged: (reply: DiaryEntryReply) => void }) {
  const send = useLogSideEffect();
  const [fields, setFields] = useState(empty);
  const [tried, setTried] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const symptomId = useId();
  const severityId = useId();
  const flagsId = useId();
  const body = { ...fields, note: fields.note.trim() === '' ? undefined : fields.note };
  const parsed = diaryEntryBodySchema.safeParse(body);
  const client = tried && !parsed.success ? zodFieldErrors(parsed.error) : {};
  const server = serverFieldErrors(send.error);
  const errorFor = (field: string) => client[field] ?? server[field] ?? null;
  const change = <K extends keyof ReturnType<typeof empty>>(field: K) => (value: ReturnType<typeof empty>[K]) => {
    send.reset();
    setFields((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!parsed.success) return;
    send.mutate(
      { body: parsed.data, key },
      {
        onSuccess: (reply) => {
          onLogged(reply);
          setFields(empty());
          setTried(false);
          setKey(crypto.randomUUID());
        },
      },
    );
  };

  const group = (id: string, label: string, error: string | null, children: ReactNode) => (
    <fieldset className="field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend id={id} className="field__label">
        {label}
      </legend>
      {children}
      <ErrorMessage id={`${id}-error`} className="field__error">
        {error}
      </ErrorMessage>
    </fieldset>
  );

  return (
    <form className="companion-form" onSubmit={submit} noValidate aria-labelledby="diary-form-title">
      {group(
        symptomId,
        'What is it?',
        errorFor('symptom'),
        <RadioCards
          name="diary-symptom"
          aria-labelledby={symptomId}
          layout="grid"
          className="diary-symptoms"
          options={SIDE_EFFECT_SYMPTOM_CODES.map((code) => ({ value: code, label: SIDE_EFFECT_SYMPTOMS[code] }))}
          value={fields.symptom}
          onChange={change('symptom')}
        />,
      )}
      {group(
        severityId,
        'How bad is it?',
        errorFor('severity'),
        <RadioCards
          name="diary-severity"
          aria-labelledby={severityId}
          options={SIDE_EFFECT_SEVERITY_CODES.map((code) => ({ value: code, label: SIDE_EFFECT_SEVERITIES[code] }))}
          value={fields.severity}
          onChange={change('severity')}
        />,
      )}
      <TextField label="When did it happen?" type="date" value={fields.occurredOn} max={ukCalendarDate(new Date())} onChange={(event) => change('occurredOn')(event.target.value)} error={errorFor('occurredOn')} />
      <fieldset className="field red-flags" aria-describedby={`${flagsId}-hint`}>
        <legend className="field__label">Do you have any of these now?</legend>
        <p id={`${flagsId}-hint`} className="field__hint">
          Tick any that apply. If none do, leave them all unticked.
        </p>
        {SIDE_EFFECT_RED_FLAG_CODES.map((flag) => (
          <Checkbox
            key={flag}
            label={SIDE_EFFECT_RED_FLAGS[flag]}
            checked={fields.redFlags.includes(flag)}
            onChange={(event) => change('redFlags')(event.target.checked ? [...fields.redFlags, flag] : fields.redFlags.filter((ticked) => ticked !== flag))}
          />
        ))}
      </fieldset>
      <TextAreaField label="Anything else you want to tell us? (optional)" value={fields.note} maxLength={1000} rows={3} onChange={(event) => change('note')(event.target.value)} error={errorFor('note')} />
      {send.isError && Object.keys(server).length === 0 ? (
        <p className="auth-form__error" role="alert">
          {send.error.message}
        </p>
      ) : null}
      <Button type="submit" loading={send.isPending}>
        Add to diary
      </Button>
    </form>
  );
}
