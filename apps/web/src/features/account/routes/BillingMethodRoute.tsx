import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CardDetails, CardVerification } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { paymentErrorMessage } from '../../../lib/payment-error';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { ButtonLink } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Tag } from '../../../ui/Tag';
import { ChallengeDialog } from '../../payment';
import { isCardVerification, useAddPaymentToken, useConfirmPaymentToken, usePaymentConfig, usePaymentTokens } from '../api';
import { CardForm } from '../components/CardForm';
import { tokeniseCard } from '../tokenise';
import '../../../ui/page-styles/auth.css';
import '../../../ui/page-styles/account.css';

export const CHECK_NOT_FINISHED = 'Your card was not saved because your bank’s check was not finished. Please try again.';

const expiry = (month: number | null, year: number | null) => (month && year ? ` · expires ${String(month).padStart(2, '0')}/${String(year).slice(-2)}` : '');

/** /account/details/change/billing-method — saved cards, and a new card that becomes the default. */
export function Component() {
  useDocumentTitle('Payment method');
  const tokens = usePaymentTokens();
  const config = usePaymentConfig();
  const save = useAddPaymentToken();
  const confirm = useConfirmPaymentToken();
  const [saved, setSaved] = useState(false);
  const [challenge, setChallenge] = useState<CardVerification | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const add = useMutation({
    mutationFn: async (card: CardDetails) => {
      if (!config.data) throw new Error('Payment is not available just now. Please try again in a moment.');
      return save.mutateAsync(await tokeniseCard(config.data, card));
    },
    onSuccess: (reply) => (isCardVerification(reply) ? setChallenge(reply) : setSaved(true)),
  });
  // Whether the frame reached our return page or the patient closed it, the gateway's answer decides.
  const finishCheck = (verification: string) => {
    setChallenge(null);
    confirm.mutate(verification, { onSuccess: () => setSaved(true) });
  };
  const failure = add.isError ? paymentErrorMessage(add.error) : confirm.isError ? confirmFailure(confirm.error) : null;

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
            <CardForm
              onSubmit={(card) => {
                confirm.reset();
                add.mutate(card);
              }}
              busy={add.isPending || confirm.isPending || challenge !== null}
              serverError={failure}
              submitRef={saveButton}
            />
          </>
        )}
      </section>
      {challenge ? (
        <ChallengeDialog
          key={challenge.url}
          url={challenge.url}
          returnFocusTo={saveButton}
          onReturn={() => finishCheck(challenge.verification)}
          onClose={() => finishCheck(challenge.verification)}
        />
      ) : null}
    </div>
  );
}

function confirmFailure(error: Error): string {
  return isApiError(error) && error.code === 'CARD_VERIFICATION_PENDING' ? CHECK_NOT_FINISHED : paymentErrorMessage(error);
}
