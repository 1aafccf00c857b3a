import { useState, type FormEvent } from 'react';
import { INJECTION_MESSAGES, INJECTION_SITES, type InjectionPlan, type InjectionSite, type InjectionStatus } from '@elmwood/domain';
import { serverFieldErrors } from '../../auth';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useLogInjection } from '../api';
import { instantFromUkValue, ukDateTimeValue } from '../dates';
import { BodyMap } from './BodyMap';

interface InjectionFormProps {
  plan: InjectionPlan;
  /** What was logged, for the page to say (and announce). */
  onLogged: (message: string) => void;
  /** The id of the heading that names the form (one per plan on the page). */
  titleId: string;
}

/** 'Log an injection': when (now unless changed), the dose supplied, and the site on the body map; or the week missed. */
export function InjectionForm({ plan, onLogged, titleId }: InjectionFormProps) {
  const send = useLogInjection();
  const [when, setWhen] = useState(() => ukDateTimeValue(new Date()));
  const [variantCode, setVariantCode] = useState(plan.doses[0]?.variantCode ?? '');
  const [site, setSite] = useState<InjectionSite | null>(null);
  const [tried, setTried] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const server = serverFieldErrors(send.error);
  const takenAt = instantFromUkValue(when);
  const whenError = (tried && !takenAt ? INJECTION_MESSAGES.when : null) ?? server.takenAt ?? null;
  const siteError = (tried && !site ? INJECTION_MESSAGES.site : null) ?? server.site ?? null;
  const dosage = plan.doses.find((dose) => dose.variantCode === variantCode)?.dosage ?? plan.doses[0]?.dosage ?? '';

  const submit = (status: InjectionStatus) => (event?: FormEvent) => {
    event?.preventDefault();
    setTried(status === 'taken');
    if (!takenAt || (status === 'taken' && !site)) {
      if (!takenAt) setTried(true);
      return;
    }
    send.mutate(
      { body: { planId: plan.planId, status, takenAt, ...(status === 'taken' ? { site } : {}), variantCode }, key },
      {
        onSuccess: ({ plan: after }) => {
          const next = INJECTION_SITES[after.nextSite].toLowerCase();
          onLogged(
            status === 'taken'
              ? `Logged: ${dosage} in your ${INJECTION_SITES[site!].toLowerCase()}. Next time, inject in your ${next}.`
              : `Logged as missed. Take your next dose on your usual day; do not take two doses to make up for it.`,
          );
          setSite(null);
          setTried(false);
          setWhen(ukDateTimeValue(new Date()));
          setKey(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <form className="companion-form" onSubmit={submit('taken')} noValidate aria-labelledby={titleId}>
      <TextField
        label="Date and time"
        type="datetime-local"
        value={when}
        max={ukDateTimeValue(new Date())}
        onChange={(event) => {
          send.reset();
          setWhen(event.target.value);
        }}
        error={whenError}
      />
      {plan.doses.length > 1 ? (
        <div className="field">
          <label className="field__label" htmlFor="injection-dose">
            Dose
          </label>
          <select id="injection-dose" className="field__input" value={variantCode} onChange={(event) => setVariantCode(event.target.value)}>
            {plan.doses.map((dose) => (
              <option key={dose.variantCode} value={dose.variantCode}>
                {plan.productName} {dose.dosage}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="account-muted">
          Dose: {plan.productName} {dosage}, as supplied in your last delivery.
        </p>
      )}
      <BodyMap
        value={site}
        suggested={plan.nextSite}
        error={siteError}
        onChange={(chosen) => {
          send.reset();
          setSite(chosen);
        }}
      />
      {send.isError && Object.keys(server).length === 0 ? (
        <p className="auth-form__error" role="alert">
          {send.error.message}
        </p>
      ) : null}
      <div className="companion-form__actions">
        <Button type="submit" loading={send.isPending && send.variables?.body.status === 'taken'}>
          Log injection
        </Button>
        <Button variant="secondary" loading={send.isPending && send.variables?.body.status === 'missed'} onClick={() => submit('missed')()}>
          I missed this dose
        </Button>
      </div>
    </form>
  );
}
