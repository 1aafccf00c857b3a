import {
  authorisedNowText,
  CANCEL_SUBSCRIPTION_TEXT,
  doseSteps,
  FREE_ORDER_NOTE,
  laterPaymentText,
  lineTerms,
  NOTHING_CHARGED_UNTIL_APPROVED,
  type Cart,
  type CartItem,
} from '@elmwood/domain';
import { useProductBySlug } from '../../catalog';
import { useRecurringGift } from '../../recommendations';
import { planText } from './HealthPlanStep';

/** What this line costs in the order being placed: its price less its share of the discounts. */
function linePayment(item: CartItem): number {
  return Math.max(0, item.total - item.itemDiscounts.reduce((sum, discount) => sum + discount.amount.current, 0));
}

/** One treatment's terms: one-off, or each later payment by dose from the dosage table. */
function LineTermsItem({ item, gift }: { item: CartItem; gift: boolean }) {
  const product = useProductBySlug(item.frequency === 1 ? undefined : item.product.slug);
  const steps = product.data ? doseSteps(product.data.variants, item.frequency) : [];
  const terms = lineTerms(
    { productName: item.product.name, dosage: item.variant.dosage, frequency: item.frequency, firstPayment: linePayment(item), steps },
    { gift },
  );
  return (
    <li className="price-terms__line">
      <span className="price-terms__product">
        {item.product.name} {item.variant.dosage}
      </span>{' '}
      {terms.summary}
      {terms.later.length > 0 ? (
        <ul className="price-terms__later" aria-label={`Later payments for ${item.product.name}`}>
          {terms.later.map((payment) => (
            <li key={payment.label}>{laterPaymentText(payment)}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Next to 'Place order': what the card is asked for now (a hold, not a charge), that nothing is charged before a
 * clinician approves, and what each treatment costs after that, by dose, with how to cancel.
 */
export function PriceTerms({ cart }: { cart: Cart }) {
  const gift = useRecurringGift();
  const total = cart.totals.total;
  const subscription = cart.items.some((item) => item.frequency !== 1);
  return (
    <section className="price-terms" aria-labelledby="price-terms-heading">
      <h3 id="price-terms-heading" className="price-terms__heading">
        What you pay
      </h3>
      <p className="price-terms__now">{authorisedNowText(total)}</p>
      <p className="price-terms__note">{total > 0 ? NOTHING_CHARGED_UNTIL_APPROVED : FREE_ORDER_NOTE}</p>
      <ul className="price-terms__lines">
        {cart.items.map((item) => (
          <LineTermsItem key={item.id} item={item} gift={gift} />
        ))}
      </ul>
      {subscription ? (
        <p className="price-terms__note">
          {planText(cart)}. {CANCEL_SUBSCRIPTION_TEXT}
        </p>
      ) : null}
    </section>
  );
}
