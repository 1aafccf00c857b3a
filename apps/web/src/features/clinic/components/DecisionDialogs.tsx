import { useState, type FormEvent } from 'react';
import { DOSE_DECISION_MESSAGES, formatPrice, GP_CONSENT_REASON_MAX_LENGTH, REJECTION_REASON_CODES, REJECTION_REASON_NAMES, REJECTION_REASONS, type OrderReview, type RejectionReasonCode } from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { TextAreaField } from '../../../ui/TextField';
import type { Decision } from '../api';
import '../../../ui/Field.css';
import { formatDateTime } from '../format';
import { FormError } from './FormError';

interface DecisionDialogProps {
  patient: string;
  orderNumber: string;
  pending: boolean;
  error: unknown;
  onDecide: (decision: Decision) => void;
}

const DOSE_RELATIONS = { asked: 'asked for', lastSupplied: 'last supplied', lower: 'lower' } as const;

/**
 * Approve, in the prescriber's name, at the dose asked for or one the prescriber chooses (the one last supplied, or
 * lower; a re-titration's proposal is marked); another dose needs the reason the patient is told. Without the
 * patient's consent to inform their GP, the prescriber records why prescribing is still appropriate (GPhC 2025), or
 * rejects instead.
 */
export function ApproveDialog({
  patient,
  orderNumber,
  pending,
  error,
  onDecide,
  dose,
  needsGpReason = false,
  verification = null,
}: DecisionDialogProps & { dose?: OrderReview['dose']; needsGpReason?: boolean; verification?: OrderReview['verification'] }) {
  const [variantCode, setVariantCode] = useState(dose?.asked.variantCode ?? '');
  const [rationale, setRationale] = useState('');
  const [missing, setMissing] = useState(false);
  const [gpReason, setGpReason] = useState('');
  const [gpReasonMissing, setGpReasonMissing] = useState(false);
  const changed = dose !== null && dose !== undefined && variantCode !== dose.asked.variantCode;
  const confirm = () => {
    const rationaleMissing = changed && rationale.trim() === '';
    const gpMissing = needsGpReason && gpReason.trim() === '';
    setMissing(rationaleMissing);
    setGpReasonMissing(gpMissing);
    if (rationaleMissing || gpMissing) return;
    onDecide({
      kind: 'approve',
      ...(changed ? { variantCode } : {}),
      ...(rationale.trim() ? { rationale: rationale.trim() } : {}),
      ...(needsGpReason ? { noGpConsentReason: gpReason.trim() } : {}),
    });
  };
  const proposed = dose?.reTitration?.needed ? dose.reTitration.proposed.variantCode : null;
  return (
    <Dialog
      title="Approve this order?"
      trigger={<Button>Approve</Button>}
      footer={
        <Button loading={pending} onClick={confirm}>
          Confirm approval
        </Button>
      }
    >
      <p>
        Order {orderNumber} for {patient} will be approved in your name and the payment taken.
      </p>
      {verification?.required ? (
        verification.standing === 'valid' && verification.verification ? (
          <p>
            The approval records how weight, height and identity were verified: {verification.verification.methodName.toLowerCase()} on {formatDateTime(verification.verification.verifiedAt)} by{' '}
            {verification.verification.verifiedBy} (BMI {verification.verification.bmi?.toFixed(1) ?? '—'}; identity {verification.verification.identityChecked ? 'checked' : 'not checked'}).
          </p>
        ) : (
          <p role="note">{verification.message}</p>
        )
      ) : null}
      {needsGpReason ? (
        <TextAreaField
          label="Why is prescribing appropriate without informing the GP?"
          hint="The patient has not agreed that we tell their GP. If prescribing is not appropriate without it, reject the order instead."
          value={gpReason}
          rows={4}
          maxLength={GP_CONSENT_REASON_MAX_LENGTH}
          onChange={(event) => {
            setGpReason(event.target.value);
            setGpReasonMissing(false);
          }}
          error={gpReasonMissing ? 'Please say why prescribing is still appropriate.' : null}
        />
      ) : null}
      {dose && dose.options.length > 1 ? (
        <>
          <fieldset className="field">
            <legend className="field__label">Dose of {dose.productName} to approve</legend>
            {dose.options.map((option) => (
              <label key={option.variantCode} className="clinic-choice">
                <input type="radio" name="approve-dose" value={option.variantCode} checked={variantCode === option.variantCode} onChange={() => setVariantCode(option.variantCode)} />{' '}
                {option.dosage} ({DOSE_RELATIONS[option.relation]}
                {option.variantCode === proposed ? ', proposed restart' : ''}), {formatPrice(option.total)}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor="clinic-approve-rationale">
              Reason for the dose{changed ? '' : ' (optional)'}
            </label>
            <p className="field__hint" id="clinic-approve-rationale-hint">
              The patient is told this reason when the dose differs from the one they asked for.
            </p>
            <textarea
              id="clinic-approve-rationale"
              className="field__input clinic-textarea"
              rows={3}
              maxLength={1000}
              aria-describedby="clinic-approve-rationale-hint clinic-approve-rationale-error"
              aria-invalid={missing || undefined}
              value={rationale}
              onChange={(event) => {
                setRationale(event.target.value);
                setMissing(false);
              }}
            />
            <p className="field__error" id="clinic-approve-rationale-error" aria-live="polite">
              {missing ? DOSE_DECISION_MESSAGES.rationaleNeeded : null}
            </p>
          </div>
        </>
      ) : null}
      <FormError error={error} />
    </Dialog>
  );
}

export function RejectDialog({ patient, orderNumber, pending, error, onDecide }: DecisionDialogProps) {
  const [reasonCode, setReasonCode] = useState<RejectionReasonCode | ''>('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reasonCode) {
      setMissing(true);
      return;
    }
    onDecide({ kind: 'reject', reasonCode, note });
  };
  return (
    <Dialog
      title="Reject this order?"
      trigger={<Button variant="secondary">Reject</Button>}
      footer={
        <Button type="submit" form="clinic-reject-form" loading={pending}>
          Confirm rejection
        </Button>
      }
    >
      <form id="clinic-reject-form" className="clinic-form" onSubmit={submit} noValidate>
        <p>
          Order {orderNumber} for {patient} will be rejected, the payment released and the patient emailed the reason.
        </p>
        <div className="field">
          <label className="field__label" htmlFor="clinic-reject-reason">
            Reason
          </label>
          <select
            id="clinic-reject-reason"
            className="field__input"
            value={reasonCode}
            aria-invalid={missing && !reasonCode ? true : undefined}
            aria-describedby="clinic-reject-reason-hint"
            onChange={(event) => setReasonCode(event.target.value as RejectionReasonCode)}
          >
            <option value="">Choose a reason</option>
            {REJECTION_REASON_CODES.map((code) => (
              <option key={code} value={code}>
                {REJECTION_REASON_NAMES[code]}
              </option>
            ))}
          </select>
          <p id="clinic-reject-reason-hint" className="field__hint" aria-live="polite">
            {reasonCode ? `The patient reads: ${REJECTION_REASONS[reasonCode]}` : ''}
          </p>
          {missing && !reasonCode ? (
            <p className="clinic-form-error" role="alert">
              Choose a reason for the rejection.
            </p>
          ) : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="clinic-reject-note">
            Note to the patient (optional)
          </label>
          <textarea id="clinic-reject-note" className="field__input clinic-textarea" rows={4} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
        <FormError error={error} />
      </form>
    </Dialog>
  );
}

export function RequestInformationDialog({ pending, error, onDecide }: DecisionDialogProps) {
  const [question, setQuestion] = useState('');
  const [photoRequested, setPhotoRequested] = useState(false);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) {
      setMissing(true);
      return;
    }
    onDecide({ kind: 'request-information', question: question.trim(), photoRequested });
  };
  return (
    <Dialog
      title="Request information"
      description="The patient gets a task with your question; the order waits for their answer and then returns to the queue."
      trigger={<Button variant="secondary">Request information</Button>}
      footer={
        <Button type="submit" form="clinic-request-form" loading={pending}>
          Send question
        </Button>
      }
    >
      <form id="clinic-request-form" className="clinic-form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="clinic-request-question">
            Question for the patient
          </label>
          <textarea
            id="clinic-request-question"
            className="field__input clinic-textarea"
            rows={4}
            maxLength={2000}
            value={question}
            aria-invalid={missing && !question.trim() ? true : undefined}
            onChange={(event) => setQuestion(event.target.value)}
          />
          {missing && !question.trim() ? (
            <p className="clinic-form-error" role="alert">
              Write the question for the patient.
            </p>
          ) : null}
        </div>
        <Checkbox label="Ask for a photo" checked={photoRequested} onChange={(event) => setPhotoRequested(event.target.checked)} />
        <FormError error={error} />
      </form>
    </Dialog>
  );
}
