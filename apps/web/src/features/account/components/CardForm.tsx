import { useState, type FormEvent, type Ref } from 'react';
import { checkCard, INVALID_CARD_DETAILS, REQUIRED_MESSAGE, type CardDetails } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { TextField } from '../../../ui/TextField';

type Draft = { name: string; number: string; expiry: string; cvc: string };

/** A new card: holder name required; anything else wrong reads 'Please enter valid card details' (SPEC §5). */
export function CardForm({
  onSubmit,
  busy,
  serverError,
  submitRef,
}: {
  onSubmit: (card: CardDetails) => void;
  busy: boolean;
  serverError: string | null;
  /** Where focus returns when a dialog opened by saving (the bank's check) closes. */
  submitRef?: Ref<HTMLButtonElement>;
}) {
  const [draft, setDraft] = useState<Draft>({ name: '', number: '', expiry: '', cvc: '' });
  const [submitted, setSubmitted] = useState(false);
  const check = checkCard(draft, new Date());
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft((old) => ({ ...old, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (check.valid) onSubmit(check.card);
  };
  const nameError = submitted && !check.valid && check.nameMissing ? REQUIRED_MESSAGE : null;
  const cardError = submitted && !check.valid && !check.nameMissing ? INVALID_CARD_DETAILS : null;
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="New card">
      <TextField label="Name on card" autoComplete="cc-name" value={draft.name} onChange={set('name')} error={nameError} />
      <TextField label="Card number" autoComplete="cc-number" inputMode="numeric" value={draft.number} onChange={set('number')} />
      <div className="card-form__row">
        <TextField label="Expiry (MM/YY)" autoComplete="cc-exp" inputMode="numeric" value={draft.expiry} onChange={set('expiry')} />
        <TextField label="Security code" autoComplete="cc-csc" inputMode="numeric" value={draft.cvc} onChange={set('cvc')} />
      </div>
      <ErrorMessage>{cardError ?? serverError}</ErrorMessage>
      <Button ref={submitRef} type="submit" size="lg" block loading={busy}>
        Save card
      </Button>
    </form>
  );
}
