import type { CardInput } from '@elmwood/domain';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { TextField } from '../../../ui/TextField';

interface CardFormProps {
  value: CardInput;
  onChange: (value: CardInput) => void;
  /** 'Please enter valid card details' after an attempted submit, else null. */
  error: string | null;
  nameError: string | null;
}

/**
 * The new-card form. What is typed here goes only to the payment provider's tokeniser, never to the shop;
 * the autocomplete hints let the browser fill a saved card.
 */
export function CardForm({ value, onChange, error, nameError }: CardFormProps) {
  const set = (field: keyof CardInput) => (event: { target: { value: string } }) => onChange({ ...value, [field]: event.target.value });
  return (
    <fieldset className="card-form">
      <legend className="visually-hidden">Card details</legend>
      <TextField label="Name on card" autoComplete="cc-name" value={value.name} onChange={set('name')} error={nameError} />
      <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" value={value.number} onChange={set('number')} maxLength={23} />
      <div className="card-form__row">
        <TextField label="Expiry date (MM/YY)" inputMode="numeric" autoComplete="cc-exp" value={value.expiry} onChange={set('expiry')} maxLength={7} />
        <TextField label="Security code (CVC)" inputMode="numeric" autoComplete="cc-csc" value={value.cvc} onChange={set('cvc')} maxLength={4} />
      </div>
      <ErrorMessage className="card-form__error">{error}</ErrorMessage>
    </fieldset>
  );
}
