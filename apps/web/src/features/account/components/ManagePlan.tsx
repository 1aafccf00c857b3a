import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { addDays, CANCELLATION_REASONS, formatPrice, planChangeApplies, PLAN_MESSAGES, type CancellationReason, type PlanManagement } from '@elmwood/domain';
import { Button, ButtonLink } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { LoadStatus } from '../../../ui/LoadStatus';
import { RadioCards } from '../../../ui/RadioCards';
import { usePlanAction, usePlanManagement, type PlanAction } from '../api';
import { formatUkDate } from '../dates';

const BILLING_METHOD = '/account/details/change/billing-method';
const RENEWAL_STATES: Record<string, string> = {
  in_review: 'With our prescriber',
  awaiting_patient: 'Waiting for you',
  approved: 'Approved',
  dispatched: 'On its way',
  delivered: 'Delivered',
  rejected: 'Not approved',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

type DialogName = 'pause' | 'skip' | 'dose' | 'cancel' | null;

/**
 * The plan's dates and money (next delivery, next payment, the change cut-off), its renewals, and the patient's
 * actions: pause, resume, skip, change dose, update card and cancel. After the cut-off a change applies to the
 * following delivery, and the dialogs say so with the dates.
 */
export function ManagePlan({ subscriptionId }: { subscriptionId: string }) {
  const query = usePlanManagement(subscriptionId);
  const action = usePlanAction(subscriptionId);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (query.isPending) return <LoadStatus status="loading" />;
  if (query.isError) return <LoadStatus status="error" onRetry={() => void query.refetch()} />;
  const plan = query.data;

  const run = (request: PlanAction) => {
    setError(null);
    setNotice(null);
    action.mutate(request, {
      onSuccess: ({ message }) => {
        setDialog(null);
        setNotice(message);
      },
      onError: (failure) => setError(failure.message),
    });
  };
  const open = (name: DialogName) => {
    setError(null);
    setNotice(null);
    setDialog(name);
  };
  const closeWith = (name: Exclude<DialogName, null>) => (isOpen: boolean) => setDialog(isOpen ? name : null);

  // The delivery a change made now moves: the coming one before the cut-off, else the one after it.
  const moved = plan.nextDelivery && planChangeApplies({ state: plan.state, nextDelivery: plan.nextDelivery }, new Date()) === 'following' ? plan.followingDelivery : plan.nextDelivery;
  const frequency = plan.nextDelivery && plan.followingDelivery ? daysBetween(plan.nextDelivery, plan.followingDelivery) : 30;

  return (
    <>
      <section className="account-card" aria-labelledby="plan-dates-title">
        <h2 id="plan-dates-title">Deliveries and payments</h2>
        {plan.term ? <p className="account-muted">{plan.term}</p> : null}
        <PlanStatus plan={plan} />
        {plan.priceChanges.map((change) => (
          <p key={`${change.product}-${change.appliesFrom}-${change.newPrice}`} className="plan-notice plan-notice--warning">
            <strong>Price change:</strong> {change.product} {change.newPrice > change.oldPrice ? 'goes up' : 'goes down'} from {formatPrice(change.oldPrice)} to{' '}
            {formatPrice(change.newPrice)} a delivery, from your delivery on {formatUkDate(change.appliesFrom)} (charged on {formatUkDate(change.chargeDate)}). We emailed you about it on{' '}
            {formatUkDate(change.notifiedOn)}.{change.newPrice > change.oldPrice ? ' You can change your dose, pause or cancel before then.' : ''}
          </p>
        ))}
        <dl className="plan-dates">
          {plan.nextDelivery ? (
            <div>
              <dt>{plan.state === 'paused' ? 'Next delivery after your pause' : 'Next delivery'}</dt>
              <dd>{formatUkDate(plan.nextDelivery)}</dd>
            </div>
          ) : null}
          {plan.nextCharge ? (
            <div>
              <dt>Next payment</dt>
              <dd>
                {formatPrice(plan.nextCharge.amount)} on {formatUkDate(plan.nextCharge.date)}
                {plan.nextCharge.discount > 0 ? <span className="account-muted"> (includes your {formatPrice(plan.nextCharge.discount)} discount)</span> : null}
                {plan.nextCharge.credit > 0 ? <span className="account-muted"> ({formatPrice(plan.nextCharge.credit)} credit applied)</span> : null}
              </dd>
            </div>
          ) : null}
          {plan.followingDelivery && plan.state !== 'paused' ? (
            <div>
              <dt>Delivery after that</dt>
              <dd>{formatUkDate(plan.followingDelivery)}</dd>
            </div>
          ) : null}
          {plan.dose.current && plan.state !== 'cancelled' ? (
            <div>
              <dt>Dose</dt>
              {/* A change asked for (by the patient, or a prescriber's restart) shows as the dose to come. */}
              <dd>{plan.dose.requested ? `${plan.dose.requested} from your next delivery (now ${plan.dose.current})` : plan.dose.current}</dd>
            </div>
          ) : null}
        </dl>
        {plan.changeCutOff && plan.nextDelivery && plan.followingDelivery ? (
          <p className="account-muted">
            Changes made by {formatUkDate(plan.changeCutOff)} apply to your delivery on {formatUkDate(plan.nextDelivery)}. After that, they apply from your
            delivery on {formatUkDate(plan.followingDelivery)}.
          </p>
        ) : null}
      </section>

      {/* What the last change did, in the page's flow rather than floating over it: it sits above the actions, covers
          none of them, and stays until the next change replaces it. */}
      <div role="status" className="plan-outcome">
        {notice ? <p className="plan-notice plan-notice--done">{notice}</p> : null}
      </div>

      {plan.state !== 'cancelled' ? (
        <section className="account-card" aria-labelledby="manage-plan-title">
          <h2 id="manage-plan-title">Manage your plan</h2>
          <ul className="quick-actions">
            {plan.actions.resume ? (
              <li>
                <Button variant="secondary" block loading={action.isPending && action.variables?.kind === 'resume'} onClick={() => run({ kind: 'resume' })}>
                  Resume plan
                </Button>
              </li>
            ) : null}
            {plan.actions.pause ? (
              <li>
                <Button variant="secondary" block onClick={() => open('pause')}>
                  Pause
                </Button>
              </li>
            ) : null}
            {plan.actions.skip ? (
              <li>
                <Button variant="secondary" block onClick={() => open('skip')}>
                  Skip next delivery
                </Button>
              </li>
            ) : null}
            {plan.actions.changeDose ? (
              <li>
                <Button variant="secondary" block onClick={() => open('dose')}>
                  Change dose
                </Button>
              </li>
            ) : null}
            <li>
              <ButtonLink variant="secondary" block to={BILLING_METHOD}>
                Update card
              </ButtonLink>
            </li>
            {plan.actions.cancel ? (
              <li>
                <Button variant="secondary" block onClick={() => open('cancel')}>
                  Cancel plan
                </Button>
              </li>
            ) : null}
          </ul>
          {plan.actions.cancelNeedsSupport && plan.term ? (
            <p className="account-muted">
              {plan.term}. You can renew or cancel in the week before your plan renews; to cancel sooner, please contact our support team.
            </p>
          ) : null}
        </section>
      ) : null}

      <section className="account-card" aria-labelledby="renewals-title">
        <h2 id="renewals-title">Renewals</h2>
        {plan.renewals.length === 0 ? (
          <p className="account-muted">No renewals yet. Your first renewal starts with a check-in a week before your next delivery.</p>
        ) : (
          <ul className="account-list">
            {plan.renewals.map((renewal) => (
              <li key={renewal.orderNumber}>
                <p className="account-list__title">Delivery on {formatUkDate(renewal.deliveryDate)}</p>
                <p className="account-muted">
                  Order {renewal.orderNumber} · {formatPrice(renewal.amount)} · {RENEWAL_STATES[renewal.state] ?? renewal.state}
                  {renewal.paymentState === 'charge_declined' ? ' · Payment declined' : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Dialog title="Pause your plan" open={dialog === 'pause'} onOpenChange={closeWith('pause')}>
        {moved ? (
          <PauseForm from={moved} frequency={frequency} deferred={moved !== plan.nextDelivery} warning={plan.restartWarning} pending={action.isPending} error={error} onSubmit={(periods) => run({ kind: 'pause', periods })} />
        ) : null}
      </Dialog>
      <Dialog title="Skip next delivery" open={dialog === 'skip'} onOpenChange={closeWith('skip')}>
        {moved ? (
          <div className="auth-form">
            <p>
              {moved !== plan.nextDelivery ? `Your delivery on ${formatUkDate(plan.nextDelivery!)} is already being prepared, so we will skip the one after. ` : null}
              We will skip your delivery on {formatUkDate(moved)}. Your next delivery after that will be on {formatUkDate(addDays(moved, frequency))}.
            </p>
            {plan.restartWarning?.skip ? <RestartWarning restartAfter={plan.restartWarning.restartAfter} /> : null}
            <ErrorMessage>{error}</ErrorMessage>
            <Button loading={action.isPending} onClick={() => run({ kind: 'skip' })}>
              Skip this delivery
            </Button>
          </div>
        ) : null}
      </Dialog>
      <Dialog title="Change dose" open={dialog === 'dose'} onOpenChange={closeWith('dose')}>
        <DoseForm plan={plan} pending={action.isPending} error={error} onSubmit={(variantCode, counsellingAcknowledged) => run({ kind: 'dose', variantCode, counsellingAcknowledged })} />
      </Dialog>
      <Dialog title="Cancel your plan" open={dialog === 'cancel'} onOpenChange={closeWith('cancel')}>
        <CancelForm
          plan={plan}
          deferred={moved !== plan.nextDelivery}
          pending={action.isPending}
          error={error}
          onSubmit={(reason) => run({ kind: 'cancel', reason })}
          onAskClinician={() => run({ kind: 'clinician-call' })}
        />
      </Dialog>
    </>
  );
}

function PlanStatus({ plan }: { plan: PlanManagement }) {
  if (plan.state === 'cancelled') return <p className="plan-notice">This plan is cancelled. There will be no more deliveries or payments.</p>;
  if (plan.state === 'paused' && plan.pausedUntil) return <p className="plan-notice">Your plan is paused. It starts again with your delivery on {formatUkDate(plan.pausedUntil)}.</p>;
  if (plan.supplyStopped) return <p className="plan-notice plan-notice--warning">{PLAN_MESSAGES.supplyStopped}</p>;
  if (plan.state === 'suspended') {
    return (
      <p className="plan-notice plan-notice--warning">
        Your plan is on hold: we could not take your payment. <Link to={BILLING_METHOD}>Update your card</Link>, then resume your plan.
      </p>
    );
  }
  if (plan.retry) {
    return (
      <p className="plan-notice plan-notice--warning">
        Your last payment did not go through.{plan.retry.nextAttempt ? ` We will try again on ${formatUkDate(plan.retry.nextAttempt)}.` : ''} <Link to={BILLING_METHOD}>Update your card</Link>
      </p>
    );
  }
  if (plan.state === 'check_in_overdue') return <p className="plan-notice plan-notice--warning">Your check-in is overdue. We cannot send your next delivery until you complete it in My tasks.</p>;
  if (plan.scheduledChange) {
    const after = formatUkDate(plan.scheduledChange.appliesAfter);
    const what = plan.scheduledChange.kind === 'cancel' ? 'Your plan will end' : plan.scheduledChange.kind === 'pause' ? 'Your pause starts' : 'We will skip a delivery';
    return <p className="plan-notice">{what} after your delivery on {after}.</p>;
  }
  return null;
}

/** A gap this long means restarting at a lower dose (the re-titration rule): said before the patient chooses. */
function RestartWarning({ restartAfter, pause }: { restartAfter: string; pause?: readonly number[] }) {
  const which = pause ? (pause.length === 2 ? 'Pausing' : pause[0] === 2 ? 'Pausing for 2 deliveries' : 'Pausing for 1 delivery') : 'Skipping this delivery';
  return (
    <p className="plan-notice plan-notice--warning">
      {which} means your next pen would arrive after {formatUkDate(restartAfter)}. After that long without a dose, you would need to restart at a lower dose and build it up again, to keep side effects down. A prescriber will check your dose before your next delivery.
    </p>
  );
}

function PauseForm({
  from,
  frequency,
  deferred,
  warning,
  pending,
  error,
  onSubmit,
}: {
  from: string;
  frequency: number;
  deferred: boolean;
  warning: PlanManagement['restartWarning'];
  pending: boolean;
  error: string | null;
  onSubmit: (periods: 1 | 2) => void;
}) {
  const [periods, setPeriods] = useState<'1' | '2' | null>(null);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!periods) return setMissing(true);
    onSubmit(Number(periods) as 1 | 2);
  };
  return (
    <form onSubmit={submit} noValidate className="auth-form">
      {deferred ? <p>Your coming delivery is already being prepared, so your pause starts after it.</p> : null}
      <fieldset>
        <legend>How long would you like to pause for?</legend>
        <RadioCards
          name="pause-periods"
          value={periods}
          onChange={(value) => {
            setPeriods(value as '1' | '2');
            setMissing(false);
          }}
          aria-describedby="pause-error"
          options={[
            { value: '1', label: 'Pause for 1 delivery', description: `Next delivery on ${formatUkDate(addDays(from, frequency))}` },
            { value: '2', label: 'Pause for 2 deliveries', description: `Next delivery on ${formatUkDate(addDays(from, frequency * 2))}` },
          ]}
        />
      </fieldset>
      {warning && warning.pausePeriods.length > 0 ? <RestartWarning restartAfter={warning.restartAfter} pause={warning.pausePeriods} /> : null}
      <ErrorMessage id="pause-error">{missing ? PLAN_MESSAGES.pausePeriods : error}</ErrorMessage>
      <Button type="submit" loading={pending}>
        Pause plan
      </Button>
    </form>
  );
}

function DoseForm({ plan, pending, error, onSubmit }: { plan: PlanManagement; pending: boolean; error: string | null; onSubmit: (variantCode: string, counsellingAcknowledged: boolean) => void }) {
  const same = plan.dose.options.find((option) => option.relation === 'same');
  const [choice, setChoice] = useState<string | null>(same?.variantCode ?? null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [missing, setMissing] = useState(false);
  const counselling = plan.dose.counselling ?? null;
  // A higher dose of tirzepatide: the contraception counselling is read and ticked first (MHRA 2025).
  const needsCounselling = counselling !== null && plan.dose.options.some((option) => option.variantCode === choice && option.relation === 'higher');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    if (needsCounselling && !acknowledged) {
      setMissing(true);
      return;
    }
    onSubmit(choice, needsCounselling && acknowledged);
  };
  const describe = { lower: 'A lower dose', same: 'Your current dose', higher: 'A higher dose: a prescriber reviews your check-in before increasing it' };
  return (
    <form onSubmit={submit} noValidate className="auth-form">
      <p>Your dose now is {plan.dose.current}.{plan.dose.requested ? ` You have asked for ${plan.dose.requested} from your next renewal.` : ''}</p>
      <fieldset>
        <legend>Dose from your next renewal</legend>
        <RadioCards
          name="dose"
          value={choice}
          onChange={(value) => {
            setChoice(value);
            setMissing(false);
          }}
          options={plan.dose.options.map((option) => ({ value: option.variantCode, label: option.dosage, description: describe[option.relation] }))}
        />
      </fieldset>
      {needsCounselling ? (
        <section className="plan-counselling" aria-labelledby="dose-counselling-title">
          <h3 id="dose-counselling-title">{counselling.title}</h3>
          {counselling.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <Checkbox
            label={counselling.acknowledgement}
            checked={acknowledged}
            onChange={(event) => {
              setAcknowledged(event.target.checked);
              setMissing(false);
            }}
            aria-describedby={missing ? 'dose-counselling-error' : undefined}
            aria-invalid={missing ? true : undefined}
          />
          <ErrorMessage id="dose-counselling-error">{missing ? PLAN_MESSAGES.counselling : null}</ErrorMessage>
        </section>
      ) : null}
      <ErrorMessage>{error}</ErrorMessage>
      <Button type="submit" loading={pending}>
        Save dose
      </Button>
    </form>
  );
}

function CancelForm({
  plan,
  deferred,
  pending,
  error,
  onSubmit,
  onAskClinician,
}: {
  plan: PlanManagement;
  deferred: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: (reason: CancellationReason) => void;
  onAskClinician: () => void;
}) {
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setMissing(true);
    onSubmit(reason);
  };
  // Side effects can often be eased: a clinician is offered before the plan ends.
  const sideEffects = reason === 'Side effects';
  return (
    <form onSubmit={submit} noValidate className="auth-form">
      <p>
        {deferred && plan.nextDelivery
          ? `Your delivery on ${formatUkDate(plan.nextDelivery)} is already being prepared and will still be sent and paid for. Your plan will end after it.`
          : 'There will be no more deliveries or payments after you cancel.'}
      </p>
      <fieldset>
        <legend>Why are you cancelling?</legend>
        <RadioCards
          name="cancel-reason"
          value={reason}
          onChange={(value) => {
            setReason(value as CancellationReason);
            setMissing(false);
          }}
          aria-describedby="cancel-error"
          options={CANCELLATION_REASONS.map((text) => ({ value: text, label: text }))}
        />
      </fieldset>
      {sideEffects ? (
        <div className="plan-notice" id="side-effects-note">
          <p>
            Side effects can often be eased: a prescriber can talk them through with you, lower your dose or change your treatment. Would you like one of our prescribers to
            call you before you decide? Your plan stays as it is until you do.
          </p>
          <p>
            You can also report side effects to the MHRA Yellow Card scheme at <a href="https://yellowcard.mhra.gov.uk">yellowcard.mhra.gov.uk</a>.
          </p>
        </div>
      ) : null}
      <ErrorMessage id="cancel-error">{missing ? PLAN_MESSAGES.reason : error}</ErrorMessage>
      {sideEffects ? (
        <>
          <Button type="button" loading={pending} onClick={onAskClinician}>
            Speak to a clinician first
          </Button>
          <Button type="submit" variant="secondary" disabled={pending}>
            Cancel anyway
          </Button>
        </>
      ) : (
        <Button type="submit" loading={pending}>
          Cancel plan
        </Button>
      )}
    </form>
  );
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
