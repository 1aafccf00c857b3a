import { formatPrice, formatShipping, FREQUENCY_TITLES, type Cart } from '@elmwood/domain';
import { DiscountBox } from './DiscountBox';

/** Subtotal, each discount, delivery and total, as the server priced them. */
export function CartTotals({ cart }: { cart: Cart }) {
  return (
    <dl className="cart-totals">
      <dt>Subtotal</dt>
      <dd>{formatPrice(cart.totals.subtotal)}</dd>
      {cart.discounts.map((discount) => (
        <div key={discount.code} className="cart-totals__row">
          <dt>
            {discount.label} <span className="visually-hidden">({discount.name})</span>
          </dt>
          <dd>-{formatPrice(discount.amount)}</dd>
        </div>
      ))}
      <dt>Delivery</dt>
      <dd>{formatShipping(cart.totals.shipping)}</dd>
      {cart.totals.credit > 0 ? (
        <div className="cart-totals__row">
          <dt>Referral credit</dt>
          <dd>-{formatPrice(cart.totals.credit)}</dd>
        </div>
      ) : null}
      <dt>Total</dt>
      <dd>{formatPrice(cart.totals.total)}</dd>
    </dl>
  );
}

/** The order at the Payment step: what is in it, the discount code box and the totals, without going back to edit. */
export function OrderSummary({ cart, token, headingLevel = 3 }: { cart: Cart; token: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading">
      <Heading id="order-summary-heading" className="order-summary__heading">
        Your order
      </Heading>
      <ul className="cart-lines">
        {cart.items.map((item) => (
          <li key={item.id} className="cart-line">
            <span className="cart-line__name">
              {item.product.name} {item.variant.dosage}
            </span>
            <span className="cart-line__plan">{item.frequency === 1 ? 'One-off purchase' : `${FREQUENCY_TITLES[item.frequency]} subscription`}</span>
            <span className="cart-line__price">{formatPrice(item.total)}</span>
          </li>
        ))}
      </ul>
      <DiscountBox cart={cart} token={token} />
      <CartTotals cart={cart} />
    </section>
  );
}
