import { INJECTION_SITES, type InjectionPlan } from '@elmwood/domain';
import { formatDay } from '../dates';

/** The pens' countdown, the next dose's day and site, and the weeks missed since the last delivery. */
export function PenStatus({ plan }: { plan: InjectionPlan }) {
  const { countdown } = plan;
  const inPen = Math.max(0, Math.min(4, countdown.dosesLeftInPen));
  return (
    <div className="pen-status">
      <p>{countdown.text}</p>
      {countdown.penDosage ? (
        <ul className="pen-status__doses" aria-hidden="true">
          {Array.from({ length: 4 }, (_, index) => (
            <li key={index} className={index < inPen ? 'pen-status__dose pen-status__dose--left' : 'pen-status__dose'} />
          ))}
        </ul>
      ) : null}
      <dl className="plan-dates">
        {plan.nextDoseOn ? (
          <div>
            <dt>Next dose</dt>
            <dd>{formatDay(plan.nextDoseOn)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Next site</dt>
          <dd>{INJECTION_SITES[plan.nextSite]}</dd>
        </div>
        <div>
          <dt>Missed since your last delivery</dt>
          <dd>{plan.missedSinceLastDelivery === 0 ? 'None' : `${plan.missedSinceLastDelivery} ${plan.missedSinceLastDelivery === 1 ? 'week' : 'weeks'}`}</dd>
        </div>
      </dl>
      <p className="pen-status__next">
        Next time, inject in your <strong>{INJECTION_SITES[plan.nextSite].toLowerCase()}</strong>.
      </p>
    </div>
  );
}
