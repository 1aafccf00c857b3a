import { useId, useState, type FormEvent } from 'react';
import { SIDE_EFFECT_SEVERITIES, SIDE_EFFECT_SEVERITY_CODES, sideEffectReportSchema, SUPPORT_MESSAGE_MAX, urgentContactLine, type SideEffectReportReply } from '@elmwood/domain';
import { serverFieldErrors, zodFieldErrors } from '../../auth';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { RadioCards } from '../../../ui/RadioCards';
import { TextAreaField } from '../../../ui/TextField';
import { YellowCardNote } from '../../../ui/YellowCardNote';
import { useReportSideEffect } from '../api';

const EMPTY = { severity: '', description: '' };

function Reported({ reply }: { reply: SideEffectReportReply }) {
  return (
    <div className="support-side-effect__done" role="status">
      <h3>Thank you for telling us</h3>
      <p>
        {reply.contactBy
          ? urgentContactLine(new Date(reply.contactBy))
          : 'Our clinical team will read your report and reply in your messages below, usually within one working day.'}
      </p>
      <p>If you feel very unwell, contact your GP or NHS 111 now. In an emergency, call 999.</p>
      <YellowCardNote />
    </div>
  );
}

/** 'Report a side effect': how bad it is and what happened; a severe one reaches a prescriber the same day. */
export function SideEffectReportForm() {
  const send = useReportSideEffect();
  const [fields, setFields] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const legendId = useId();
  const parsed = sideEffectReportSchema.safeParse(fields);
  const clientErrors = submitted && !parsed.success ? zodFieldErrors(parsed.error) : {};
  const serverErrors = serverFieldErrors(send.error);
  const errorFor = (field: keyof typeof EMPTY) => clientErrors[field] ?? serverErrors[field] ?? null;
  const severityError = errorFor('severity');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    send.mutate(
      { report: parsed.data, key },
      {
        onSuccess: () => {
          setSubmitted(false);
          setFields(EMPTY);
          setKey(crypto.randomUUID());
        },
      },
    );
  };
  const change = (field: keyof typeof EMPTY) => (value: string) => {
    send.reset();
    setFields((current) => ({ ...current, [field]: value }));
  };

  return (
    <>
      {send.data ? <Reported reply={send.data} /> : null}
      <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="side-effect-form-title">
        <fieldset className="field support-side-effect__severity" aria-describedby={severityError ? `${legendId}-error` : undefined}>
          <legend id={legendId} className="field__label">
            How bad is it?
          </legend>
          <RadioCards
            name="side-effect-severity"
            aria-labelledby={legendId}
            options={SIDE_EFFECT_SEVERITY_CODES.map((code) => ({ value: code, label: SIDE_EFFECT_SEVERITIES[code] }))}
            value={fields.severity}
            onChange={change('severity')}
          />
          <ErrorMessage id={`${legendId}-error`} className="field__error">
            {severityError}
          </ErrorMessage>
        </fieldset>
        <TextAreaField
          label="What happened?"
          hint="What you noticed, when it started, and whether it is getting better or worse."
          value={fields.description}
          maxLength={SUPPORT_MESSAGE_MAX}
          onChange={(event) => change('description')(event.target.value)}
          error={errorFor('description')}
          rows={5}
        />
        {send.isError && Object.keys(serverErrors).length === 0 ? (
          <p className="auth-form__error" role="alert">
            {send.error.message}
          </p>
        ) : null}
        <Button type="submit" loading={send.isPending}>
          Send report
        </Button>
      </form>
    </>
  );
}
