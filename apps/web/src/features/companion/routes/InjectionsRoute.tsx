import { useState } from 'react';
import { Link } from 'react-router';
import type { InjectionLog, InjectionPlan } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { InjectionReminderForm } from '../../reminders';
import { useInjectionLog } from '../api';
import { InjectionForm } from '../components/InjectionForm';
import { InjectionHistory } from '../components/InjectionHistory';
import { PenStatus } from '../components/PenStatus';
import { SIDE_EFFECTS_PATH } from '../paths';
import '../../../ui/page-styles/auth.css';
import '../../../ui/page-styles/account.css';
import '../companion.css';

function PlanLog({ plan, several, rotation }: { plan: InjectionPlan; several: boolean; rotation: InjectionLog['rotation'] }) {
  const [logged, setLogged] = useState<string | null>(null);
  const suffix = several ? `: ${plan.productName}` : '';
  const titleId = `log-injection-title-${plan.planId}`;
  return (
    <div className="companion-grid">
      <section className="account-card" aria-labelledby={titleId}>
        <h2 id={titleId}>Log an injection{suffix}</h2>
        <div role="status">{logged ? <p className="plan-notice plan-notice--done">{logged}</p> : null}</div>
        <InjectionForm plan={plan} onLogged={setLogged} titleId={titleId} />
      </section>
      <div className="companion-stack">
        <section className="account-card" aria-labelledby={`pens-title-${plan.planId}`}>
          <h2 id={`pens-title-${plan.planId}`}>Your pens{suffix}</h2>
          <PenStatus plan={plan} />
          <details className="companion-why">
            <summary>Why this site?</summary>
            <p>
              {rotation.summary}. {rotation.rationale}
            </p>
            <p className="account-muted">Source: {rotation.source}.</p>
          </details>
        </section>
        <section className="account-card" aria-labelledby={`history-title-${plan.planId}`}>
          <h2 id={`history-title-${plan.planId}`}>Your injection log{suffix}</h2>
          <InjectionHistory entries={plan.entries} />
        </section>
      </div>
    </div>
  );
}

/** /account/injections — the weekly injection log: log a dose on the body map, the next site, the pens' countdown. */
export function Component() {
  useDocumentTitle('Your injections');
  const log = useInjectionLog();
  if (log.isPending) return <LoadStatus status="loading" className="account-page container" />;
  if (log.isError) return <LoadStatus status="error" onRetry={() => void log.refetch()} className="account-page container" />;
  const { plans, rotation } = log.data;
  return (
    <div className="account-page container">
      <BackLink to="/account/home">Back to your account</BackLink>
      <h1>Your injections</h1>
      {plans.length === 0 ? (
        <EmptyState title="Nothing to log yet" message="Once your first pen has been sent, you can log each weekly dose here and see where to inject next.">
          <ButtonLink to="/account/home">Visit your account</ButtonLink>
        </EmptyState>
      ) : (
        <>
          {plans.map((plan) => (
            <PlanLog key={plan.planId} plan={plan} several={plans.length > 1} rotation={rotation} />
          ))}
          <section className="account-card companion-reminder" aria-labelledby="injection-reminder-title">
            <h2 id="injection-reminder-title">Injection-day reminder</h2>
            <InjectionReminderForm />
          </section>
          <p className="account-muted companion-footnote">
            Noticed a side effect? <Link to={SIDE_EFFECTS_PATH}>Add it to your side-effect diary</Link>.
          </p>
        </>
      )}
    </div>
  );
}
