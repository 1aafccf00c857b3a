import { doseSteps, type OrderView } from '@elmwood/domain';
import { useProductBySlug } from '../../catalog';
import { DosagePerMonthTable, useRecurringGift } from '../../recommendations';

/** The dose plan of the order's first treatment, when it steps up month by month. */
function OrderDosageTable({ item }: { item: OrderView['items'][number] }) {
  const product = useProductBySlug(item.productSlug);
  const recurringGift = useRecurringGift();
  if (!product.data || item.frequency === 1) return null;
  const steps = doseSteps(product.data.variants, item.frequency);
  if (steps.length <= 1) return null;
  return (
    <div className="thank-you-card">
      <DosagePerMonthTable steps={steps} recurringGift={recurringGift} caption={`${item.productName}: your dosage per month`} />
    </div>
  );
}

/**
 * The rest of the thank-you page (SPEC §2): what happens next and the dose plan. SPEC's app banners are left out
 * while there is no app, and the referral card until patients have a referral link to share.
 */
export function ThankYouTemplate({ order }: { order: OrderView }) {
  const first = order.items[0];
  return (
    <>
      <section className="thank-you-card" aria-labelledby="what-happens-heading">
        <h2 id="what-happens-heading">What happens next</h2>
        <ol className="next-steps">
          <li className="next-step">
            <span className="next-step__marker" aria-hidden="true">1</span>
            <span className="next-step__text">
              <span className="next-step__title">A clinician reviews your consultation</span>
              <span className="next-step__subtitle">Usually within 24 hours.</span>
            </span>
          </li>
          <li className="next-step">
            <span className="next-step__marker" aria-hidden="true">2</span>
            <span className="next-step__text">
              <span className="next-step__title">You are billed once your treatment is approved</span>
              <span className="next-step__subtitle">Nothing is charged before then.</span>
            </span>
          </li>
          <li className="next-step">
            <span className="next-step__marker" aria-hidden="true">3</span>
            <span className="next-step__text">
              <span className="next-step__title">Your treatment arrives</span>
              <span className="next-step__subtitle">Free delivery within two business days of approval.</span>
            </span>
          </li>
        </ol>
      </section>
      {first ? <OrderDosageTable item={first} /> : null}
    </>
  );
}
