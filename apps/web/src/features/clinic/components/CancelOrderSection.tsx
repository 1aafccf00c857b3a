import { useState, type FormEvent } from 'react';
import { CANCEL_REASON_LENGTH, staffMayCancelOrder, type ClinicOrder, type StaffRole } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useDecision } from '../api';
import { stateName } from '../format';
import '../../../ui/Field.css';
import { FormError } from './FormError';
import { Section } from './Section';

const REASON_PROBLEM = `Give a reason for cancelling (${CANCEL_REASON_LENGTH.min} to ${CANCEL_REASON_LENGTH.max} characters).`;

/**
 * Support's and admin's cancellation of an order not yet decided (a patient who asks by phone, an account to
 * delete): confirmed in a dialog with the reason; the API releases the card's hold and emails the patient.
 */
export function CancelOrderSection({ review, role }: { review: ClinicOrder; role: StaffRole }) {
  const decision = useDecision(review.orderNumber);
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<string | null>(null);
  const cancel = (reason: string) =>
    decision.mutate(
      { kind: 'cancel', reason },
      {
        onSuccess: (reply) => {
          setRound((value) => value + 1);
          setResult(reply.changed ? `Order ${reply.orderNumber} is cancelled and the patient has been emailed.` : `Nothing changed: the order is already ${stateName(reply.state).toLowerCase()}.`);
        },
      },
    );
  return (
    <Section title="Cancel order">
      <p role="status" className="clinic-decision__result">
        {result}
      </p>
      {staffMayCancelOrder(role, review.state) ? (
        <div className="clinic-actions" key={round}>
          <CancelDialog
            patient={review.patient.name}
            orderNumber={review.orderNumber}
            isRenewal={review.renewal !== null}
            pending={decision.isPending}
            error={decision.error}
            onCancel={cancel}
          />
        </div>
      ) : (
        <p>This order is {stateName(review.state).toLowerCase()}, so it can no longer be cancelled here.</p>
      )}
    </Section>
  );
}

interface CancelDialogProps {
  patient: string;
  orderNumber: string;
  isRenewal: boolean;
  pending: boolean;
  error: unknown;
  onCancel: (reason: string) => void;
}

function CancelDialog({ patient, orderNumber, isRenewal, pending, error, onCancel }: CancelDialogProps) {
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const trimmed = reason.trim();
  const valid = trimmed.length >= CANCEL_REASON_LENGTH.min && trimmed.length <= CANCEL_REASON_LENGTH.max;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (valid) onCancel(trimmed);
  };
  const problem = checked && !valid;
  return (
    <Dialog
      title="Cancel this order?"
      trigger={<Button variant="secondary">Cancel order</Button>}
      footer={
        <Button type="submit" form="clinic-cancel-form" loading={pending}>
          Confirm cancellation
        </Button>
      }
    >
      <form id="clinic-cancel-form" className="clinic-form" onSubmit={submit} noValidate>
        <p>
          Order {orderNumber} for {patient} will be cancelled, any amount held on the card released and the patient emailed.
        </p>
        {isRenewal ? (
          <p>
            This is a renewal: the patient's plan goes on hold until they restart it from their account. To end the plan, cancel the plan
            itself.
          </p>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor="clinic-cancel-reason">
            Reason for cancelling
          </label>
          <p id="clinic-cancel-reason-hint" className="field__hint">
            Kept in the order's history and the audit log; the patient is not shown it.
          </p>
          <textarea
            id="clinic-cancel-reason"
            className="field__input clinic-textarea"
            rows={3}
            maxLength={CANCEL_REASON_LENGTH.max}
            value={reason}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'clinic-cancel-reason-hint clinic-cancel-reason-error' : 'clinic-cancel-reason-hint'}
            onChange={(event) => setReason(event.target.value)}
          />
          {problem ? (
            <p id="clinic-cancel-reason-error" className="clinic-form-error" role="alert">
              {REASON_PROBLEM}
            </p>
          ) : null}
        </div>
        <FormError error={error} />
      </form>
    </Dialog>
  );
}
