import { useState } from 'react';
import { useParams } from 'react-router';
import { doseSteps, formatPrice, frequencySchema, orderStatus } from '@elmwood/domain';
import { DosePlanSection } from '../../companion';
import { useOpenTasks } from '../../tasks';
import { useProductBySlug } from '../../catalog';
import { DosagePerMonthTable, useRecurringGift } from '../../recommendations';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { Button, ButtonLink } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Toast } from '../../../ui/Toast';
import { useSubscription } from '../api';
import { ChangeDeliveryDate } from '../components/ChangeDeliveryDate';
import { ManagePlan } from '../components/ManagePlan';
import { OrderTimeline } from '../components/OrderTimeline';
import { ProductThumb } from '../components/ProductThumb';
import { formatUkDate } from '../dates';
import '../../../ui/page-styles/account.css';

/** /account/plan/:subscriptionId — one treatment plan and its quick actions. */
export function Component() {
  const { subscriptionId = '' } = useParams();
  const subscription = useSubscription(subscriptionId);
  const openTasks = useOpenTasks();
  const [dialog, setDialog] = useState<'where' | 'date' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(subscription.data?.items[0]?.productName ?? 'Your plan');

  if (subscription.isPending) return <LoadStatus status="loading" className="account-page container" />;
  if (isApiError(subscription.error) && subscription.error.isNotFound) {
    return (
      <div className="account-page container">
        <EmptyState headingLevel={1} title="We couldn't find that plan">
          <ButtonLink to="/account/home">Visit your account</ButtonLink>
        </EmptyState>
      </div>
    );
  }
  if (subscription.isError) return <LoadStatus status="error" onRetry={() => void subscription.refetch()} className="account-page container" />;
  const plan = subscription.data;
  const first = plan.items[0];
  return (
    <div className="account-page container">
      <BackLink to="/account/home">Back to your account</BackLink>
      <h1>{first?.productName ?? 'Your plan'}</h1>
      <section className="account-card plan-summary" aria-label="Plan">
        <ProductThumb image={first?.image ?? null} size={72} />
        <div>
          {plan.items.map((item) => (
            <p key={item.productCode} className="account-list__title">
              {item.productName} {item.dosage}
            </p>
          ))}
          <p className="account-muted">
            {formatPrice(plan.price.current)} for {plan.frequency === 90 ? '3 months' : 'a month'} at your current dose
            {plan.state === 'cancelled' ? ' · Cancelled' : ` · Next delivery ${formatUkDate(plan.nextShipment)}`}
          </p>
          {plan.paymentMethod ? (
            <p className="account-muted">
              Paid by {plan.paymentMethod.brand} ending {plan.paymentMethod.last4}
            </p>
          ) : null}
        </div>
      </section>
      {/* A weekly injection with a pen sent has its dose plan; anything else the dosage table of its catalogue prices. */}
      {first ? <DosePlanSection planId={plan.id} fallback={<PlanDosageTable slug={first.productSlug} productName={first.productName} frequency={plan.frequency} />} /> : null}
      <ManagePlan subscriptionId={plan.id} />
      <section className="account-card" aria-labelledby="quick-actions-title">
        <h2 id="quick-actions-title">Quick actions</h2>
        <ul className="quick-actions">
          <li>
            <Button variant="secondary" block onClick={() => setDialog('where')}>
              Where is my order
            </Button>
          </li>
          <li>
            <Button variant="secondary" block onClick={() => setDialog('date')}>
              Change order date
            </Button>
          </li>
          <li>
            <ButtonLink variant="secondary" block to="/account/details/change/shipping-address">
              Update delivery address
            </ButtonLink>
          </li>
          <li>
            <ButtonLink variant="secondary" block to="/account/details/change/billing-method">
              Update payment method
            </ButtonLink>
          </li>
        </ul>
      </section>
      <Dialog title="Where is my order" open={dialog === 'where'} onOpenChange={(open) => setDialog(open ? 'where' : null)}>
        <p className="account-muted">Order {plan.order.number}</p>
        <OrderTimeline steps={plan.order.timeline} waiting={orderStatus({ id: plan.order.number, state: plan.order.state }, openTasks.data ?? [])} />
      </Dialog>
      <Dialog title="Change order date" open={dialog === 'date'} onOpenChange={(open) => setDialog(open ? 'date' : null)}>
        <ChangeDeliveryDate
          subscription={plan}
          onDone={(date) => {
            setDialog(null);
            setNotice(`Your next delivery is now on ${formatUkDate(date)}.`);
          }}
        />
      </Dialog>
      <Toast message={notice} onDismiss={() => setNotice(null)} duration={8000} />
    </div>
  );
}

/** A treatment whose dose steps up month by month: what each month costs, so the plan's price is never read as fixed. */
function PlanDosageTable({ slug, productName, frequency }: { slug: string; productName: string; frequency: number }) {
  const product = useProductBySlug(slug);
  const recurringGift = useRecurringGift();
  const parsed = frequencySchema.safeParse(frequency);
  if (!product.data || !parsed.success) return null;
  const steps = doseSteps(product.data.variants, parsed.data);
  if (steps.length <= 1) return null;
  return (
    <section className="account-card" aria-label="Price by dose">
      <p className="account-muted">Each month’s price follows your dose, as your clinician steps it up:</p>
      <DosagePerMonthTable steps={steps} recurringGift={recurringGift} caption={`${productName}: your dosage per month`} />
    </section>
  );
}
