import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice, formatShipping, FREQUENCY_TITLES, type CartItem } from '@elmwood/domain';
import { storedCartToken, useAddCartItem, useCart, useRemoveCartItem } from '../../cart';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import '../checkout.css';

const STEPS = ['Health Plan', 'Account', 'Shipping', 'Payment'] as const;

/**
 * /n/:slug/order — the checkout. Its first step, the health plan, shows the cart as the server priced it;
 * the account, shipping and payment steps follow.
 */
export function Component() {
  useDocumentTitle('Checkout');
  const [token] = useState(storedCartToken);
  const cart = useCart(token);
  const remove = useRemoveCartItem(token ?? '');
  const add = useAddCartItem(token ?? '');
  const [removed, setRemoved] = useState<CartItem | null>(null);

  if (!token || (cart.isError && cart.error.message)) {
    return (
      <div className="container page">
        <EmptyState headingLevel={1} title="Your basket is empty" message="Start with a consultation, and our clinicians will recommend a treatment.">
          <ButtonLink to="/">See treatments</ButtonLink>
        </EmptyState>
      </div>
    );
  }
  if (!cart.data) return <LoadStatus status="loading" />;

  return (
    <div className="checkout container">
      <h1 className="checkout__title">Checkout</h1>
      <ol className="checkout-steps" aria-label="Checkout steps">
        {STEPS.map((step, index) => (
          <li key={step} className="checkout-steps__step" aria-current={index === 0 ? 'step' : undefined}>
            {step}
          </li>
        ))}
      </ol>
      <section className="checkout-card" aria-labelledby="health-plan">
        <h2 id="health-plan">Health Plan</h2>
        {cart.data.items.length === 0 ? <p>Your basket is empty.</p> : null}
        <ul className="cart-lines">
          {cart.data.items.map((item) => (
            <li key={item.id} className="cart-line">
              <span className="cart-line__name">
                {item.product.name} {item.variant.dosage}
              </span>
              <span className="cart-line__plan">{item.frequency === 1 ? 'One-off purchase' : `${FREQUENCY_TITLES[item.frequency]} subscription`}</span>
              <span className="cart-line__price">{formatPrice(item.total)}</span>
              <Button
                variant="link"
                loading={remove.isPending && remove.variables === item.id}
                onClick={() => remove.mutate(item.id, { onSuccess: () => setRemoved(item) })}
              >
                Remove {item.product.name}
              </Button>
            </li>
          ))}
        </ul>
        {removed ? (
          <p role="status" className="cart-undo">
            {removed.product.name} removed.{' '}
            <Button
              variant="link"
              loading={add.isPending}
              onClick={() =>
                add.mutate(
                  { productCode: removed.product.code, variantCode: removed.variant.code, frequency: removed.frequency },
                  { onSuccess: () => setRemoved(null) },
                )
              }
            >
              Add it back
            </Button>
          </p>
        ) : null}
        <dl className="cart-totals">
          <dt>Subtotal</dt>
          <dd>{formatPrice(cart.data.totals.subtotal)}</dd>
          {cart.data.discounts.map((discount) => (
            <div key={discount.code} className="cart-totals__row">
              <dt>
                {discount.label} <span className="visually-hidden">({discount.name})</span>
              </dt>
              <dd>-{formatPrice(discount.amount)}</dd>
            </div>
          ))}
          <dt>Delivery</dt>
          <dd>{formatShipping(cart.data.totals.shipping)}</dd>
          <dt>Total</dt>
          <dd>{formatPrice(cart.data.totals.total)}</dd>
        </dl>
        <p className="checkout-note">Free two days delivery. Your card is charged only after a clinician approves your treatment.</p>
      </section>
      <section className="checkout-card checkout-card--upcoming" aria-labelledby="account-step">
        <h2 id="account-step">Account</h2>
        <p>
          Next, sign in or create your account so our clinicians can review your order. <Link to="/">Back to treatments</Link>
        </p>
      </section>
    </div>
  );
}
