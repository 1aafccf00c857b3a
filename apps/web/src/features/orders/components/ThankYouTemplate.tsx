import { doseSteps, type OrderView } from '@elmwood/domain';
import { useProductBySlug } from '../../catalog';
import { DosagePerMonthTable, useRecurringGift } from '../../recommendations';
import { ButtonLink } from '../../../ui/Button';
import { ACCOUNT_HOME_PATH } from '../healthActions';

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

/** The rest of the thank-you page (SPEC §2): the app, what happens next, the dose plan and referrals. */
export function ThankYouTemplate({ order }: { order: OrderView }) {
  const first = order.items[0];
  return (
    <>
      <section className="thank-you-banner" aria-labelledby="app-discount-heading">
        <h2 id="app-discount-heading">Manage your treatment in our app</h2>
        <p>Order refills, see your plan's discounts and message your clinical team from your phone.</p>
      </section>
      <section className="thank-you-banner thank-you-banner--quiet" aria-labelledby="app-info-heading">
        <h2 id="app-info-heading">App users lose 22% more weight</h2>
        <p>Log your weight, set reminders and follow your progress in one place.</p>
      </section>
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
      <section className="thank-you-card" aria-labelledby="referral-heading">
        <h2 id="referral-heading">Refer a friend</h2>
        <p>When a friend joins with your link, you each get 20% off. Find your link in your account.</p>
        <ButtonLink to={ACCOUNT_HOME_PATH} variant="secondary">
          Get your referral link
        </ButtonLink>
      </section>
    </>
  );
}
