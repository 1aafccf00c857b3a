import { useId, useState, type FormEvent } from 'react';
import { CARRIER_NAMES, CARRIERS, TRACKING_FORMAT_MESSAGES, validTrackingNumber, type Carrier } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useDispatchOrder } from '../api';
import { FormError } from './FormError';

/** Carrier and tracking number, checked with the carrier's format before the API sees them; the page says when it is done. */
export function DispatchForm({ orderNumber, onDispatched }: { orderNumber: string; onDispatched: () => void }) {
  const dispatch = useDispatchOrder(orderNumber);
  const name = useId();
  const [carrier, setCarrier] = useState<Carrier>('royal-mail');
  const [tracking, setTracking] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = validTrackingNumber(carrier, tracking);
    if (!number) {
      setProblem(TRACKING_FORMAT_MESSAGES[carrier]);
      return;
    }
    setProblem(null);
    dispatch.mutate({ carrier, trackingNumber: number }, { onSuccess: () => onDispatched() });
  };
  return (
    <form className="clinic-form clinic-dispatch-form" onSubmit={submit} noValidate aria-label={`Dispatch order ${orderNumber}`}>
      <fieldset className="clinic-radios">
        <legend className="field__label">Carrier</legend>
        {CARRIERS.map((option) => (
          <label key={option} className="clinic-radios__option">
            <input type="radio" name={name} value={option} checked={carrier === option} onChange={() => setCarrier(option)} /> {CARRIER_NAMES[option]}
          </label>
        ))}
      </fieldset>
      <TextField label="Tracking number" autoComplete="off" value={tracking} error={problem} onChange={(event) => setTracking(event.target.value)} />
      <FormError error={dispatch.error} />
      <Button type="submit" loading={dispatch.isPending}>
        Mark as dispatched
      </Button>
    </form>
  );
}
