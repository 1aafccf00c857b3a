import type { ReactNode } from 'react';
import { formatPrice, type DosePlan } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Tag } from '../../../ui/Tag';
import { useDosePlan } from '../api';
import { formatDay } from '../dates';
import '../companion.css';

const every = (plan: DosePlan) => (plan.deliveryCovers === 'month' ? 'a month' : `every ${plan.deliveryCovers}`);

function StepLine({ plan, step }: { plan: DosePlan; step: DosePlan['steps'][number] }) {
  const what = {
    supplied: 'Supplied before',
    current: plan.current ? `Your dose now, since ${formatDay(plan.current.since)}` : 'Your dose now',
    next: plan.nextStep ? `Next step: from your delivery on ${formatDay(plan.nextStep.earliestOn)} at the earliest, if your prescriber agrees` : 'Next step',
    later: 'A later step, if you need it',
  }[step.status];
  return (
    <li className={`dose-timeline__step dose-timeline__step--${step.status}`} aria-current={step.status === 'current' ? 'step' : undefined}>
      <span className="dose-timeline__dose">
        {plan.productName} {step.dosage} {step.maintenance ? <Tag tone="neutral">Maintenance dose</Tag> : null}
      </span>
      <span className="dose-timeline__what">{what}</span>
      <span className="dose-timeline__price">
        {step.pricePerDelivery === null ? 'Not sold at your frequency' : `${formatPrice(step.pricePerDelivery)} ${every(plan)}`}
        {step.priceChange && step.priceChange.newPrice !== step.pricePerDelivery ? (
          <>
            {' '}
            <strong>
              then {formatPrice(step.priceChange.newPrice)} from {formatDay(step.priceChange.appliesFrom)}
            </strong>
          </>
        ) : null}
      </span>
    </li>
  );
}

/**
 * 'Your dose plan' on a weight-loss plan's page: the doses supplied, the dose now and since when, the next step the
 * licence allows and its earliest delivery (the prescriber decides), the maintenance dose, and what one delivery costs
 * at each dose at the patient's frequency. A plan without one (not a titrated medicine, or nothing sent yet) shows
 * `fallback`.
 */
export function DosePlanSection({ planId, fallback = null }: { planId: string; fallback?: ReactNode }) {
  const query = useDosePlan(planId);
  if (query.isPending) return <LoadStatus status="loading" />;
  if (isApiError(query.error) && query.error.isNotFound) return <>{fallback}</>;
  if (query.isError) return <LoadStatus status="error" onRetry={() => void query.refetch()} />;
  const plan = query.data;
  return (
    <section className="account-card" aria-labelledby="dose-plan-title">
      <h2 id="dose-plan-title">Your dose plan</h2>
      {plan.nextStep ? (
        <p className="pen-status__next">
          Next step: {plan.productName} {plan.nextStep.dosage}, from your delivery on <strong>{formatDay(plan.nextStep.earliestOn)}</strong> at the earliest
          {plan.nextStep.pricePerDelivery !== null ? `, ${formatPrice(plan.nextStep.pricePerDelivery)} ${every(plan)}` : ''}.
        </p>
      ) : null}
      <ol className="dose-timeline" aria-label={`${plan.productName} doses and prices`}>
        {plan.steps.map((step) => (
          <StepLine key={step.variantCode} plan={plan} step={step} />
        ))}
      </ol>
      <p>{plan.decision.text}</p>
      <p className="account-muted">{plan.maintenance.text}</p>
      {plan.supplied.length > 0 ? (
        <details className="companion-why">
          <summary>Doses sent so far</summary>
          <ul>
            {plan.supplied.map((supply, index) => (
              <li key={`${supply.suppliedOn}-${index}`}>
                {plan.productName} {supply.dosage}, sent {formatDay(supply.suppliedOn)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="account-muted companion-footnote">Source: {plan.decision.source}.</p>
    </section>
  );
}
