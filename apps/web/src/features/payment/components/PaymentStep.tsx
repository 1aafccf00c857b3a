import { useRef, useState, type ReactNode } from 'react';
import {
  checkCard,
  defaultPaymentMode,
  INVALID_CARD_DETAILS,
  isPaymentNeeded,
  isPayPalBrand,
  orderButtonDisabled,
  payPalAvailable,
  type CardInput,
  type Cart,
  type CompleteCheckout,
  type PaymentMode,
  type User,
} from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { RadioCards, type RadioCardOption } from '../../../ui/RadioCards';
import { usePaymentConfig, useSavedPaymentTokens } from '../api';
import { usePlaceOrder } from '../hooks/usePlaceOrder';
import { cardTokenRequest, tokenise } from '../tokens';
import { ApplePayButton, useApplePaySdk, useApplePayWithActiveCard } from './ApplePayButton';
import { CardForm } from './CardForm';
import { ChallengeDialog } from './ChallengeDialog';
import { GooglePayButton } from './GooglePayButton';
import { paymentErrorMessage } from '../../../lib/payment-error';
import '../payment.css';

export interface PaymentStepProps {
  cart: Cart;
  cartToken: string;
  user: User;
  /** The consultation the order belongs to, for the thank-you page's address. */
  slug: string;
  /** What the patient pays now and later, shown next to the button that places the order. */
  terms?: ReactNode;
}

/** Said next to the button when it is pressed before the card form is complete. */
export const CARD_DETAILS_FIRST = 'Please fill in your card details above, then place your order.';

const EMPTY_CARD: CardInput = { name: '', number: '', expiry: '', cvc: '' };
const NEW_CARD = 'new';
const PAYPAL = 'paypal';

function expiryText(month: number | null, year: number | null): string {
  return month && year ? `Expires ${String(month).padStart(2, '0')}/${String(year).slice(-2)}` : '';
}

/** A basket its discounts make free: no card is asked for and nothing is charged (the API places it without a payment). */
function FreeOrder({ fetching, error, place, terms }: { fetching: boolean; error: string | null; place: () => void; terms: ReactNode }) {
  return (
    <div className="payment">
      {terms}
      <p className="payment__note">No card is needed for this order.</p>
      <div className="payment__alert" role="alert">
        {error}
      </div>
      <Button size="lg" block loading={fetching} onClick={() => (fetching ? undefined : place())}>
        Place order
      </Button>
    </div>
  );
}

/**
 * The Payment step (SPEC §4 Payment mode): the wallets this device offers, then saved cards, a new card or
 * PayPal, and one button that places the order. Card numbers go only to the payment provider.
 */
export function PaymentStep({ cart, cartToken, user, slug, terms = null }: PaymentStepProps) {
  const config = usePaymentConfig();
  const saved = useSavedPaymentTokens();
  const applePayActive = useApplePayWithActiveCard(config.data?.applePay?.merchantIdentifier ?? null);
  const applePaySdk = useApplePaySdk(config.data);
  const { state, error, place, confirm } = usePlaceOrder({ cartToken, slug });
  const orderButton = useRef<HTMLButtonElement>(null);

  const [chosenMode, setMode] = useState<PaymentMode | null>(null);
  const [chosenSavedId, setSavedId] = useState<number | null>(null);
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [attempted, setAttempted] = useState(false);

  const tokens = saved.data ?? [];
  const cards = tokens.filter((token) => !isPayPalBrand(token.details.brand));
  const defaultToken = tokens[0] ?? null;
  const total = cart.totals.total;
  const paypal = Boolean(config.data?.paypal) && payPalAvailable({ itemCount: cart.items.length, total });
  const savedId = chosenSavedId ?? cards[0]?.id ?? null;

  // The starting mode waits for what decides it: saved cards and whether Apple Pay has an active card.
  const ready = config.data !== undefined && !saved.isPending && applePayActive !== null;
  const initialMode = defaultPaymentMode({
    applePayWithActiveCard: applePayActive === true,
    hasEmail: user.email !== '',
    savedCard: defaultToken ? { brand: defaultToken.details.brand } : null,
  });
  const mode: PaymentMode = chosenMode ?? (initialMode === 'ADYEN_PAYPAL' && !paypal ? 'NEW_CARD' : initialMode);

  if (!isPaymentNeeded(total)) {
    return <FreeOrder terms={terms} fetching={state.phase !== 'idle'} error={error?.message ?? null} place={() => void place(async () => ({ mode: 'NEW_CARD' }), { free: true })} />;
  }
  if (config.isError) return <LoadStatus status="error" onRetry={() => void config.refetch()} />;
  if (!config.data || !ready) return <LoadStatus status="loading" />;
  const paymentConfig = config.data;

  const fetching = state.phase !== 'idle';
  const checkedCard = checkCard(card, new Date());
  const disabled = orderButtonDisabled({
    mode,
    fetching,
    orderComplete: state.phase === 'placed',
    newCardValid: checkedCard.valid,
    hasExistingCard: savedId !== null && cards.some((token) => token.id === savedId),
  });

  const pay = async (prepare: () => Promise<CompleteCheckout>, popup?: Window | null) => (await place(prepare, { popup })) !== null;

  const submit = () => {
    if (fetching) return;
    // Pressed while it reads as unavailable: say what is missing (below the form) and place nothing.
    if (disabled) {
      setAttempted(true);
      return;
    }
    if (mode === 'NEW_CARD' && checkedCard.valid) {
      const details = checkedCard.card;
      void pay(async () => ({ mode: 'NEW_CARD', token: await tokenise(paymentConfig, cardTokenRequest(details)) }));
    } else if (mode === 'EXISTING_CARD' && savedId !== null) {
      void pay(async () => ({ mode: 'EXISTING_CARD', paymentTokenId: savedId }));
    } else if (mode === 'ADYEN_PAYPAL') {
      // Opened now, while the click still counts as the patient's, so pop-up blockers let it through.
      const popup = window.open('', 'elmwood-paypal', 'popup,width=480,height=680');
      void pay(async () => ({ mode: 'ADYEN_PAYPAL' }), popup);
    }
  };

  const options: RadioCardOption[] = [
    ...cards.map((token) => ({
      value: String(token.id),
      label: `${token.details.brand} ending ${token.details.last4}`,
      description: expiryText(token.details.expiryMonth, token.details.expiryYear),
    })),
    { value: NEW_CARD, label: cards.length > 0 ? 'Use a new card' : 'Credit or debit card', description: 'Visa, Mastercard or Amex' },
    ...(paypal ? [{ value: PAYPAL, label: 'PayPal', description: 'You will approve the payment in a PayPal window' }] : []),
  ];
  const chosen =
    mode === 'EXISTING_CARD' && savedId !== null ? String(savedId) : mode === 'NEW_CARD' ? NEW_CARD : mode === 'ADYEN_PAYPAL' ? PAYPAL : null;
  const choose = (value: string) => {
    setAttempted(false);
    if (value === NEW_CARD) setMode('NEW_CARD');
    else if (value === PAYPAL) setMode('ADYEN_PAYPAL');
    else {
      setMode('EXISTING_CARD');
      setSavedId(Number(value));
    }
  };

  const cardInvalid = (attempted && !checkedCard.valid) || error?.code === 'INVALID_CARD_DETAILS';
  const alert = error && error.code !== 'INVALID_CARD_DETAILS' ? paymentErrorMessage(error) : null;
  const walletMode = mode === 'APPLEPAY' || mode === 'ADYEN_APPLEPAY' || mode === 'GOOGLEPAY';

  return (
    <div className="payment">
      <div className="payment__wallets">
        <ApplePayButton key={`${cart.totals.subtotal}-${applePaySdk}`} config={paymentConfig} total={total} pay={(prepare) => pay(prepare)} />
        <GooglePayButton config={paymentConfig} total={total} pay={(prepare) => pay(prepare)} />
      </div>

      <h3 id="payment-method-heading" className="payment__heading">
        How would you like to pay?
      </h3>
      <RadioCards name="payment-method" aria-labelledby="payment-method-heading" options={options} value={chosen} onChange={choose} />

      {mode === 'NEW_CARD' ? (
        <CardForm
          value={card}
          onChange={setCard}
          error={cardInvalid ? INVALID_CARD_DETAILS : null}
          nameError={attempted && card.name.trim() === '' ? 'Required' : null}
        />
      ) : null}

      {terms}
      <div id="order-button-reason" className="payment__alert" role="alert">
        {alert ?? (attempted && disabled && mode === 'NEW_CARD' ? CARD_DETAILS_FIRST : null)}
      </div>
      {walletMode ? null : (
        // SPEC §4: unavailable without a valid new card or a saved one. aria-disabled rather than disabled keeps it
        // focusable, so pressed too early it says what is missing (above) rather than doing nothing.
        <Button
          ref={orderButton}
          size="lg"
          block
          loading={fetching}
          aria-disabled={disabled || undefined}
          aria-describedby={attempted && disabled ? 'order-button-reason' : undefined}
          onClick={submit}
        >
          {mode === 'ADYEN_PAYPAL' ? 'Pay with PayPal' : 'Place order'}
        </Button>
      )}

      {state.phase === 'challenge' ? (
        <ChallengeDialog
          key={state.url}
          url={state.url}
          returnFocusTo={orderButton}
          onReturn={() => void confirm(state.orderNumber)}
          onClose={() => void confirm(state.orderNumber)}
        />
      ) : null}
    </div>
  );
}
