import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useMe } from '../../auth';
import { apiRequest } from '../../../lib/api';
import { loadEmailRule } from '../../../lib/loadEmailRule';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { TextField } from '../../../ui/TextField';

/**
 * 'Tell me when it is back' for an out-of-stock treatment (SPEC §4 stock notification): a form, then a
 * success box. The email is the signed-in patient's when there is one, else typed and checked with the
 * shared email rule (fetched as the field gets focus, not with the page).
 */
export function StockNotification({ productCode, productName }: { productCode: string; productName: string }) {
  const me = useMe();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const email = typed ?? me.data?.email ?? '';
  const signUp = useMutation({
    mutationFn: (address: string) => apiRequest('/shop-api/stock_notifications', { method: 'POST', body: { email: address, product: productCode } }),
  });
  const titleId = `stock-${productCode}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { emailSchema } = await loadEmailRule();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    signUp.mutate(parsed.data);
  };

  return (
    <section className="stock-notice" aria-labelledby={titleId}>
      <h2 id={titleId} className="stock-notice__title">
        {productName} is out of stock
      </h2>
      <div role="status">
        {signUp.isSuccess ? <p className="stock-notice__done">You have signed up for {productName} stock notifications</p> : null}
      </div>
      {signUp.isSuccess ? null : (
        <form className="stock-notice__form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
          <p className="stock-notice__text">Leave your email and we will tell you as soon as it is back. We send nothing else.</p>
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            value={email}
            onFocus={() => void loadEmailRule()}
            error={error}
            onChange={(event) => {
              setTyped(event.target.value);
              if (error) setError(null);
            }}
          />
          <ErrorMessage className="stock-notice__error">{signUp.isError ? signUp.error.message : null}</ErrorMessage>
          <Button type="submit" variant="secondary" loading={signUp.isPending}>
            Notify me
          </Button>
        </form>
      )}
    </section>
  );
}
