import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { emailSchema } from '@elmwood/domain';
import { apiRequest } from '../../../lib/api';
import { Button } from '../../../ui/Button';

/** 'Tell me when it is back' for an out-of-stock treatment (SPEC §4 stock notification). */
export function StockNotification({ productCode, productName }: { productCode: string; productName: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signUp = useMutation({
    mutationFn: (address: string) => apiRequest('/shop-api/stock_notifications', { method: 'POST', body: { email: address, product: productCode } }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    signUp.mutate(parsed.data);
  };

  if (signUp.isSuccess) {
    return (
      <div className="stock-notice stock-notice--done" role="status">
        You have signed up for {productName} stock notifications
      </div>
    );
  }
  return (
    <form className="stock-notice" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="stock-notice__title">
        {productName} is out of stock
      </h2>
      <p className="stock-notice__text">Leave your email and we will tell you as soon as it is back. We send nothing else.</p>
      <label className="stock-notice__label" htmlFor={`${id}-email`}>
        Email address
      </label>
      <input
        id={`${id}-email`}
        className="quiz-input"
        type="email"
        autoComplete="email"
        value={email}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      {error || signUp.isError ? (
        <p id={`${id}-error`} className="quiz-error" role="alert">
          {error ?? signUp.error?.message}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" loading={signUp.isPending}>
        Notify me
      </Button>
    </form>
  );
}
