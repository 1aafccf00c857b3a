import { useState, type FormEvent } from 'react';
import { NEXT_DELIVERY_MESSAGES, nextDeliveryDateProblem, type SubscriptionView } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useChangeNextDelivery } from '../api';
import { formatUkDate } from '../dates';

/**
 * 'Change order date': a date within the plan's limits (the earliest waits for the supply the patient has); outside
 * them the message says what is allowed, and while the date cannot move at all it says why.
 */
export function ChangeDeliveryDate({ subscription, onDone }: { subscription: SubscriptionView; onDone: (date: string) => void }) {
  const limits = subscription.nextDeliveryLimits;
  const change = useChangeNextDelivery(subscription.id);
  const [date, setDate] = useState(subscription.nextShipment);
  const [message, setMessage] = useState<string | null>(null);
  if (!limits) return <p>{subscription.nextDeliveryRefusal ?? NEXT_DELIVERY_MESSAGES.notActive}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The browser's date box can still be typed outside min/max: say so before asking the server, by the server's rule.
    const problem = nextDeliveryDateProblem(date, limits);
    if (problem) return setMessage(problem);
    setMessage(null);
    change.mutate(date, { onSuccess: (updated) => onDone(updated.nextShipment), onError: (error) => setMessage(error.message) });
  };
  return (
    <form onSubmit={submit} noValidate className="auth-form">
      <TextField
        label="Next delivery date"
        hint={`Between ${formatUkDate(limits.earliest)} and ${formatUkDate(limits.latest)}, on a working day.`}
        type="date"
        min={limits.earliest}
        max={limits.latest}
        value={date}
        onChange={(event) => setDate(event.target.value)}
        error={message}
      />
      <Button type="submit" loading={change.isPending}>
        Save date
      </Button>
    </form>
  );
}
