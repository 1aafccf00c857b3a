import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { normaliseOrderNumber } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';

/** Support and admin start from an order number a patient gives them. */
export function Component() {
  useDocumentTitle('Find an order');
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Typed as read out: 'eh-7kq4 m2xp' is EH-7KQ4-M2XP.
    const trimmed = normaliseOrderNumber(number);
    if (!trimmed) {
      setProblem('Enter an order number.');
      return;
    }
    navigate(`/clinic/orders/${encodeURIComponent(trimmed)}`);
  };
  return (
    <div className="clinic-page">
      <h1>Find an order</h1>
      <form className="clinic-form" onSubmit={submit} noValidate>
        <TextField label="Order number" value={number} error={problem} onChange={(event) => setNumber(event.target.value)} />
        <Button type="submit">Open order</Button>
      </form>
    </div>
  );
}
