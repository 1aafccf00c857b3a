import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CardDetails } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { ButtonLink } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Tag } from '../../../ui/Tag';
import { useAddPaymentToken, usePaymentConfig, usePaymentTokens } from '../api';
import { CardForm } from '../components/CardForm';
import { tokeniseCard } from '../tokenise';
import '../../auth/auth.css';
import '../account.css';

const expiry = (month: number | null, year: number | null) => (month && year ? ` · expires ${String(month).padStart(2, '0')}/${String(year).slice(-2)}` : '');

/** /account/details/change/billing-method — saved cards, and a new card that becomes the default. */
export function Component() {
  useDocumentTitle('Payment method');
  const tokens = usePaymentTokens();
  const config = usePaymentConfig();
  const save = useAddPaymentToken();
  const [saved, setSaved] = useState(false);
  const add = useMutation({
    mutationFn: async (card: CardDetails) => {
      if (!config.data) throw new Error('Payment is not available just now. Please try again in a moment.');
      return save.mutateAsync(await tokeniseCard(config.data, card));
    },
    onSuccess: () => setSaved(true),
  });

  return (
    <div className="account-page container account-page--form">
      <BackLink to="/account/home">Back to your account</BackLink>
      <h1>Payment method</h1>
      <section className="account-card" aria-labelledby="cards-title">
        <h2 id="cards-title">Saved cards</h2>
        {tokens.isPending ? (
          <LoadStatus status="loading" />
        ) : tokens.isError ? (
          <LoadStatus status="error" onRetry={() => void tokens.refetch()} />
        ) : tokens.data.length === 0 ? (
          <p className="account-muted">You have no saved cards.</p>
        ) : (
          <ul className="account-links">
            {tokens.data.map((token) => (
              <li key={token.id}>
                {token.details.brand} ending {token.details.last4}
                {expiry(token.details.expiryMonth, token.details.expiryYear)} {token.isDefault ? <Tag tone="info">Default</Tag> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="account-card" aria-labelledby="new-card-title">
        <h2 id="new-card-title">Add a card</h2>
        {saved ? (
          <div role="status">
            <p>Your new card is saved. We will use it for your next payments.</p>
            <ButtonLink to="/account/home">Visit your account</ButtonLink>
          </div>
        ) : (
          <>
            <p className="account-muted">Your card details go straight to our payment provider; we never see or store the full number.</p>
            <CardForm onSubmit={(card) => add.mutate(card)} busy={add.isPending} serverError={add.isError ? add.error.message : null} />
          </>
        )}
      </section>
    </div>
  );
}
