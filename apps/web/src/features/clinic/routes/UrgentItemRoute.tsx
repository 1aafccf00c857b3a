import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { URGENT_ACTION_CODES, URGENT_ACTIONS, type UrgentAction, type UrgentItem } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Tag } from '../../../ui/Tag';
import '../../../ui/Field.css';
import { useUrgentItem, useUrgentStep } from '../api';
import { FormError } from '../components/FormError';
import { Section } from '../components/Section';
import { TriggeredRules } from '../components/TriggeredRules';
import { InjectionLog, SideEffectDiary } from '../components/TreatmentRecord';
import { formatDateTime } from '../format';
import { can } from '../roles';
import { useStaff } from '../useStaffSession';

const BACK = <Link to="/clinic/reviews">Back to the queues</Link>;

const PLAN_STATES: Record<string, string> = {
  active: 'Running',
  renewal_due: 'Check-in open',
  check_in_overdue: 'Check-in overdue',
  renewal_ordered: 'Renewal in review',
  payment_failed: 'Payment failed',
  paused: 'Paused by the patient',
  suspended: 'On hold',
  cancelled: 'Ended',
};

/** /clinic/urgent/:id — why the patient must be contacted, their answers and plans, and what the prescriber did. */
export function Component() {
  const { id = '' } = useParams();
  useDocumentTitle('Urgent item');
  const item = useUrgentItem(id);
  if (item.isPending) return <LoadStatus status="loading" />;
  if (item.isError) {
    if (isApiError(item.error) && (item.error.isNotFound || item.error.status === 400)) return <EmptyState headingLevel={1} title="No such urgent item" message={BACK} />;
    return <LoadStatus status="error" onRetry={() => void item.refetch()} />;
  }
  return <UrgentItemPage item={item.data} />;
}

function UrgentItemPage({ item }: { item: UrgentItem }) {
  const staff = useStaff();
  const step = useUrgentStep(item.id);
  const [done, setDone] = useState('');
  const acting = can(staff.role, 'actOnUrgent') && !item.closed;
  const run = (kind: Parameters<typeof step.mutate>[0], message: string) => step.mutate(kind, { onSuccess: () => setDone(message) });
  return (
    <div className="clinic-page">
      <p>{BACK}</p>
      <div className="clinic-page__head">
        <h1>Urgent: {item.patient.name || 'Patient'}</h1>
        {item.closed ? <Tag tone="neutral">Closed</Tag> : item.overdue ? <Tag tone="accent">Overdue</Tag> : <Tag tone="info">Open</Tag>}
      </div>
      <p>
        Contact by {formatDateTime(item.dueAt)} (raised {formatDateTime(item.openedAt)}). {item.owner ? `Owned by ${item.owner.name}.` : 'Nobody owns it yet.'}
      </p>
      <p>
        Phone: {item.patient.phoneNumber ?? 'none given'} · Email: {item.patient.email}
      </p>
      <p role="status">{done}</p>
      {acting && item.owner?.name !== staff.name ? (
        <p>
          <Button variant="secondary" loading={step.isPending} onClick={() => run({ kind: 'own' }, 'You own this item now.')}>
            Take this item
          </Button>
        </p>
      ) : null}
      {acting && step.variables?.kind === 'own' ? <FormError error={step.error} /> : null}
      <Section title="Why">
        <TriggeredRules rules={item.rules} label="Rules that held" />
      </Section>
      <Section title="What the patient told us">
        {item.answers.length === 0 ? (
          <p>No answers were kept.</p>
        ) : (
          <dl className="clinic-answers">
            {item.answers.map((answer, index) => (
              <div key={`${index}-${answer.question}`} className="clinic-answers__row">
                <dt>{answer.question}</dt>
                <dd>{answer.answer}</dd>
              </div>
            ))}
          </dl>
        )}
      </Section>
      <SideEffectDiary record={item.companion} />
      <InjectionLog record={item.companion} />
      <Section title="Plans">
        {item.plans.length === 0 ? (
          <p>The patient has no plan.</p>
        ) : (
          <ul>
            {item.plans.map((plan) => (
              <li key={plan.id}>
                {plan.product}: {plan.stoppedByCheckIn ? 'On hold after the check-in' : (PLAN_STATES[plan.state] ?? plan.state)}
                {plan.currentDose ? `, last supplied ${plan.currentDose}` : ''}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="What was done">
        {item.actions.length === 0 ? (
          <p>Nothing recorded yet.</p>
        ) : (
          <ol>
            {item.actions.map((action) => (
              <li key={`${action.at}-${action.action}`}>
                {action.action} — {action.by}, {formatDateTime(action.at)}: {action.note}
              </li>
            ))}
          </ol>
        )}
        {item.closed ? (
          <p>
            Closed by {item.closed.by}, {formatDateTime(item.closed.at)}: {item.closed.note}
          </p>
        ) : null}
      </Section>
      {acting ? <RecordAction item={item} pending={step.isPending} error={step.variables?.kind === 'actions' ? step.error : null} onRecord={(body) => run({ kind: 'actions', body }, `Recorded: ${URGENT_ACTIONS[body.action]}.`)} /> : null}
      {acting ? <CloseItem pending={step.isPending} error={step.variables?.kind === 'close' ? step.error : null} onClose={(note) => run({ kind: 'close', note }, 'The item is closed.')} /> : null}
    </div>
  );
}

function RecordAction({ item, pending, error, onRecord }: { item: UrgentItem; pending: boolean; error: unknown; onRecord: (body: { action: UrgentAction; note: string; planId?: string; variantCode?: string }) => void }) {
  const [action, setAction] = useState<UrgentAction>('called_patient');
  const [note, setNote] = useState('');
  const onHold = item.plans.filter((plan) => plan.state === 'suspended');
  const open = item.plans.filter((plan) => plan.state !== 'cancelled');
  const plans = action === 'restarted_plan' ? onHold : open;
  const [planId, setPlanId] = useState('');
  const chosenPlan = plans.find((plan) => plan.id === planId) ?? plans[0];
  const [variantCode, setVariantCode] = useState('');
  const doses = chosenPlan?.restartDoses ?? [];
  const dose = doses.find((option) => option.variantCode === variantCode) ?? doses[0];
  const [missing, setMissing] = useState(false);
  const needsPlan = action === 'restarted_plan' || action === 'ended_plan';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim() || (needsPlan && !chosenPlan) || (action === 'restarted_plan' && !dose)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onRecord({ action, note: note.trim(), ...(needsPlan ? { planId: chosenPlan!.id } : {}), ...(action === 'restarted_plan' ? { variantCode: dose!.variantCode } : {}) });
    setNote('');
  };
  return (
    <Section title="Record what you did">
      <form className="clinic-form" onSubmit={submit} noValidate>
        <fieldset className="clinic-radios">
          <legend className="field__label">What you did</legend>
          {URGENT_ACTION_CODES.map((code) => (
            <label key={code} className="clinic-radios__option">
              <input type="radio" name="urgent-action" value={code} checked={action === code} onChange={() => setAction(code)} /> {URGENT_ACTIONS[code]}
            </label>
          ))}
        </fieldset>
        {needsPlan ? (
          plans.length === 0 ? (
            <p className="clinic-form-error" role="alert">
              {action === 'restarted_plan' ? 'The patient has no plan on hold to restart.' : 'The patient has no plan to end.'}
            </p>
          ) : (
            <div className="field">
              <label className="field__label" htmlFor="urgent-plan">
                Plan
              </label>
              <select id="urgent-plan" className="field__input" value={chosenPlan?.id ?? ''} onChange={(event) => setPlanId(event.target.value)}>
                {plans.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.product}
                    {plan.currentDose ? `, last supplied ${plan.currentDose}` : ''}
                  </option>
                ))}
              </select>
            </div>
          )
        ) : null}
        {action === 'restarted_plan' && doses.length > 0 ? (
          <div className="field">
            <label className="field__label" htmlFor="urgent-dose">
              Restart at
            </label>
            <select id="urgent-dose" className="field__input" value={dose?.variantCode ?? ''} onChange={(event) => setVariantCode(event.target.value)}>
              {doses.map((option) => (
                <option key={option.variantCode} value={option.variantCode}>
                  {option.dosage}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor="urgent-note">
            Note
          </label>
          <textarea id="urgent-note" className="field__input clinic-textarea" rows={3} maxLength={2000} value={note} aria-invalid={missing && !note.trim() ? true : undefined} onChange={(event) => setNote(event.target.value)} />
          {missing && !note.trim() ? (
            <p className="clinic-form-error" role="alert">
              Write a note of what was said or done.
            </p>
          ) : null}
        </div>
        <FormError error={error} />
        <Button type="submit" loading={pending}>
          Record
        </Button>
      </form>
    </Section>
  );
}

function CloseItem({ pending, error, onClose }: { pending: boolean; error: unknown; onClose: (note: string) => void }) {
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setMissing(true);
      return;
    }
    onClose(note.trim());
  };
  return (
    <Section title="Close the item">
      <form className="clinic-form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="urgent-close-note">
            Closing note
          </label>
          <textarea id="urgent-close-note" className="field__input clinic-textarea" rows={2} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
          {missing ? (
            <p className="clinic-form-error" role="alert">
              Write why the item can be closed.
            </p>
          ) : null}
        </div>
        <FormError error={error} />
        <Button type="submit" variant="secondary" loading={pending}>
          Close item
        </Button>
      </form>
    </Section>
  );
}
