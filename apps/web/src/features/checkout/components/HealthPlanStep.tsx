import { useState } from 'react';
import {
  deliveryEstimate,
  deliveryText,
  formatPrice,
  FREQUENCY_TITLES,
  isQuickShip,
  monthsPerDelivery,
  type Cart,
  type CartItem,
} from '@elmwood/domain';
import { useAddCartItem, useRemoveCartItem } from '../../cart';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { DiscountBox } from './DiscountBox';
import { CartTotals } from './OrderSummary';

/** 'Renew or cancel after {months} months' for plans of several months, else 'Cancel anytime' (SPEC §9). */
export function planText(cart: Cart): string {
  const months = Math.max(0, ...cart.items.map((item) => (item.frequency === 1 ? 0 : monthsPerDelivery(item.frequency))));
  return months > 1 ? `Renew or cancel after ${months} months` : 'Cancel anytime';
}

export function healthPlanSummary(cart: Cart): string {
  return cart.items.map((item) => `${item.product.name} ${item.variant.dosage}`).join(', ') + ` · ${formatPrice(cart.totals.total)}`;
}

/** The cart lines as the server priced them; removing one keeps a copy to add back. */
export function HealthPlanStep({ cart, token }: { cart: Cart; token: string }) {
  const quickShip = isQuickShip(cart.items);
  const remove = useRemoveCartItem(token);
  const add = useAddCartItem(token);
  const [removed, setRemoved] = useState<CartItem | null>(null);
  return (
    <>
      {cart.items.length === 0 ? <p>Your basket is empty.</p> : null}
      <ul className="cart-lines" aria-busy={remove.isPending || add.isPending || undefined}>
        {cart.items.map((item) => (
          <li key={item.id} className="cart-line">
            <span className="cart-line__name">
              {item.product.name} {item.variant.dosage}
            </span>
            <span className="cart-line__plan">{item.frequency === 1 ? 'One-off purchase' : `${FREQUENCY_TITLES[item.frequency]} subscription`}</span>
            <span className="cart-line__price">{formatPrice(item.total)}</span>
            <Button
              variant="link"
              loading={remove.isPending && remove.variables === item.id}
              onClick={() => {
                add.reset();
                remove.mutate(item.id, { onSuccess: () => setRemoved(item) });
              }}
            >
              Remove {item.product.name}
            </Button>
          </li>
        ))}
      </ul>
      <div role="status" className="cart-undo">
        {removed ? (
          <p>
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
      </div>
      <ErrorMessage className="cart-error">{remove.isError ? remove.error.message : add.isError ? add.error.message : null}</ErrorMessage>
      <DiscountBox cart={cart} token={token} />
      <CartTotals cart={cart} />
      <p className="checkout-note">
        {deliveryText(quickShip)}, expected {deliveryEstimate(new Date(), { express: quickShip })} once approved · {planText(cart)}. Your card is charged only after a clinician
        approves your treatment.
      </p>
    </>
  );
}
