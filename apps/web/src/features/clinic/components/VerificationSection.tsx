import { useState } from 'react';
import { Link } from 'react-router';
import { formatLongDate, type OrderReview } from '@elmwood/domain';
import { Dialog } from '../../../ui/Dialog';
import { Button } from '../../../ui/Button';
import { Tag } from '../../../ui/Tag';
import { useRecordVerification } from '../api';
import { formatDateTime } from '../format';
import { Section } from './Section';
import { TableScroll } from './TableScroll';
import { VerificationForm } from './VerificationForm';

const DECLARED_FROM = { consultation: 'consultation', 'check-in': 'check-in', patient: 'weight log' } as const;
const kg = (value: number | null) => (value === null ? '—' : `${value} kg`);
const cm = (value: number | null) => (value === null ? '—' : `${value} cm`);
const bmiText = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/** A BMI difference in words: '+3.0 (beyond the tolerance of 1.0)'. */
function differenceText(verification: NonNullable<OrderReview['verification']>): string {
  if (verification.bmiDifference === null) return '—';
  const sign = verification.bmiDifference > 0 ? '+' : '';
  return `${sign}${verification.bmiDifference.toFixed(1)} (${verification.outsideTolerance ? 'beyond' : 'within'} the tolerance of ${verification.tolerance.toFixed(1)})`;
}

/** Records a verification by another method than video (in person, clinical record, the GP), with its evidence. */
function RecordVerificationDialog({ orderNumber }: { orderNumber: string }) {
  const record = useRecordVerification(orderNumber);
  const [round, setRound] = useState(0);
  return (
    <Dialog
      key={round}
      title="Record a verification"
      description="How the patient's weight, height and identity were verified, other than by video. Their photos are supporting evidence only."
      trigger={<Button variant="secondary">Record a verification</Button>}
    >
      <VerificationForm video={false} pending={record.isPending} error={record.error} submitLabel="Record verification" onSubmit={(values) => record.mutate({ ...values, method: values.method as 'in_person' }, { onSuccess: () => setRound((value) => value + 1) })} />
    </Dialog>
  );
}

/**
 * How the patient's weight, height and identity were verified for this supply, beside what they declared (GPhC 2025):
 * the method, who and when, the BMI from each and the difference against the clinic's tolerance; why approval waits,
 * the booked video consultation, and recording a verification by another method.
 */
export function VerificationSection({ review, canRecord }: { review: OrderReview; canRecord: boolean }) {
  const verification = review.verification;
  if (!verification) return null;
  const verified = verification.standing === 'valid' ? verification.verification : null;
  const declared = verification.declared;
  const others = verification.history.filter((entry) => entry.id !== verified?.id);
  return (
    <Section title="Verified weight and identity" className="clinic-verification">
      {verification.message ? (
        <p className="clinic-verification__needed" role="note">
          <Tag tone="accent">Verification needed</Tag> {verification.message}
        </p>
      ) : null}
      {verified && verification.outsideTolerance ? (
        <p role="note">
          <Tag tone="accent">BMI differs from declared</Tag> The verified BMI differs from the declared one by more than {verification.tolerance.toFixed(1)}. Check
          that the medicine and dose are still appropriate.
        </p>
      ) : null}
      <TableScroll label="Declared and verified measurements">
        <table className="clinic-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Measurement</span>
              </th>
              <th scope="col">Declared{declared ? ` (${DECLARED_FROM[declared.source]})` : ''}</th>
              <th scope="col">Verified</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">BMI</th>
              <td>{bmiText(declared?.bmi ?? null)}</td>
              <td>{bmiText(verified?.bmi ?? null)}</td>
            </tr>
            <tr>
              <th scope="row">Weight</th>
              <td>{kg(declared?.weightKg ?? null)}</td>
              <td>{kg(verified?.weightKg ?? null)}</td>
            </tr>
            <tr>
              <th scope="row">Height</th>
              <td>{cm(declared?.heightCm ?? null)}</td>
              <td>{cm(verified?.heightCm ?? null)}</td>
            </tr>
            <tr>
              <th scope="row">Difference in BMI</th>
              <td></td>
              <td>{verified ? differenceText(verification) : '—'}</td>
            </tr>
          </tbody>
        </table>
      </TableScroll>
      {verified ? (
        <dl className="clinic-facts">
          <dt>Method</dt>
          <dd>{verified.methodName}</dd>
          <dt>Identity</dt>
          <dd>{verified.identityChecked ? 'Checked against the photo ID' : 'Not checked in this verification'}</dd>
          <dt>Verified by</dt>
          <dd>{verified.verifiedBy}</dd>
          <dt>When</dt>
          <dd>
            {formatDateTime(verified.verifiedAt)} (stands until {formatLongDate(verified.validUntil)})
          </dd>
          {verified.evidence ? (
            <>
              <dt>Evidence</dt>
              <dd>{verified.evidence}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {verification.videoConsultation ? (
        <p>
          Video consultation booked for {formatDateTime(verification.videoConsultation.startsAt)}.{' '}
          <Link to={`/clinic/video-consultations/${encodeURIComponent(verification.videoConsultation.id)}`}>Open the consultation</Link>
        </p>
      ) : verification.standing !== 'valid' ? (
        <p className="clinic-muted">No video consultation is booked yet: the patient has been asked to book one.</p>
      ) : null}
      {canRecord && (review.state === 'in_review' || review.state === 'awaiting_patient') ? (
        <div className="clinic-actions">
          <RecordVerificationDialog orderNumber={review.orderNumber} />
        </div>
      ) : null}
      {others.length > 0 ? (
        <details>
          <summary>{verified ? 'Earlier verifications' : 'Verifications on record'} ({others.length})</summary>
          <ul>
            {others.map((entry) => (
              <li key={entry.id}>
                {formatDateTime(entry.verifiedAt)}: {entry.methodName}, {entry.weightKg} kg, {entry.heightCm} cm, BMI {bmiText(entry.bmi)}, by {entry.verifiedBy}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Section>
  );
}
