import { Link } from 'react-router';
import { dateOfBirthText, formatPrice, SECOND_ACCOUNT_MATCH_TEXT, SECOND_ACCOUNT_RULE, type ClinicOrder, type OrderReview } from '@elmwood/domain';
import { formatDate, formatDateTime, stateName } from '../format';
import { photoUrl } from '../api';
import { Section } from './Section';
import { TriggeredRules } from './TriggeredRules';
import { TableScroll } from './TableScroll';

function addressLines(address: Record<string, unknown>): string[] {
  return ['firstName', 'company', 'street', 'city', 'postcode']
    .map((key) => (key === 'firstName' ? [address.firstName, address.lastName].filter(Boolean).join(' ') : address[key]))
    .filter((line): line is string => typeof line === 'string' && line.length > 0);
}

export function PatientSummary({ review }: { review: ClinicOrder }) {
  const { patient } = review;
  return (
    <Section title="Patient">
      <dl className="clinic-facts">
        <dt>Name</dt>
        <dd>{patient.name}</dd>
        <dt>Email</dt>
        <dd>{patient.email}</dd>
        <dt>Phone</dt>
        <dd>{patient.phoneNumber ?? 'Not given'}</dd>
        <dt>Date of birth</dt>
        <dd>{patient.birthday ? dateOfBirthText(patient.birthday, new Date()) : 'Not given'}</dd>
        <dt>Delivery address</dt>
        <dd>{addressLines(review.shippingAddress).join(', ') || 'Not given'}</dd>
      </dl>
    </Section>
  );
}

export function OrderSummary({ review }: { review: ClinicOrder }) {
  return (
    <Section title="Order">
      <ul className="clinic-list">
        {review.items.map((item) => (
          <li key={item.variantCode}>
            {item.quantity} × {item.productName}, {item.variantName} ({item.dosage}) <span className="clinic-muted">{formatPrice(item.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="clinic-facts">
        <dt>Placed</dt>
        <dd>{formatDateTime(review.placedAt)}</dd>
        {review.prescriber ? (
          <>
            <dt>Approved by</dt>
            <dd>
              {review.prescriber.name}, {review.prescriber.profession}
              {review.prescriber.registration ? `, ${review.prescriber.registration.body} ${review.prescriber.registration.number}` : ''}
            </dd>
          </>
        ) : null}
        <dt>Total</dt>
        <dd>{formatPrice(review.totals.total)}</dd>
        <dt>Payment</dt>
        <dd>{review.paymentState.replace(/_/g, ' ')}</dd>
        {review.refunded > 0 ? (
          <>
            <dt>Refunded</dt>
            <dd>{formatPrice(review.refunded)}</dd>
          </>
        ) : null}
        {review.tracking ? (
          <>
            <dt>Tracking</dt>
            <dd>
              <a href={review.tracking.url} target="_blank" rel="noreferrer">
                {review.tracking.number}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
    </Section>
  );
}

export function ConsultationAnswers({ review }: { review: OrderReview }) {
  if (review.consultations.length === 0) {
    return (
      <Section title="Consultation">
        <p>No consultation was attached to this order.</p>
      </Section>
    );
  }
  return (
    <>
      {review.consultations.map((consultation) => (
        <Section key={consultation.questionnaireSlug} title={`Consultation: ${consultation.questionnaireTitle}`}>
          <p className="clinic-muted">As answered when the order was placed ({formatDateTime(consultation.copiedAt)}).</p>
          {consultation.outcome.triggeredRules.length > 0 ? (
            <p className="clinic-muted">
              {consultation.outcome.triggeredRules.length} {consultation.outcome.triggeredRules.length === 1 ? 'rule' : 'rules'} triggered, each shown beside the
              answer it read.
            </p>
          ) : null}
          <dl className="clinic-answers">
            {consultation.answers.map((answer) => (
              <div key={answer.questionId} className="clinic-answers__row">
                <dt>{answer.question}</dt>
                <dd>
                  {answer.answerText}
                  <TriggeredRules rules={answer.rules} label={`Rules triggered by the answer to: ${answer.question}`} />
                </dd>
              </div>
            ))}
          </dl>
          <h3 className="clinic-card__subtitle">Outcome</h3>
          <p>
            {consultation.outcome.rejection
              ? `Not eligible: ${consultation.outcome.rejection.reason}`
              : consultation.outcome.complete
                ? `Eligible for ${consultation.outcome.eligibleProductsText || 'no listed products'}`
                : 'The consultation was not complete.'}
          </p>
        </Section>
      ))}
    </>
  );
}

const MEASUREMENT_SOURCES: Record<OrderReview['measurements'][number]['source'], string> = {
  consultation: 'Consultation',
  'check-in': 'Check-in',
  patient: 'Logged by patient',
};

export function Measurements({ review }: { review: OrderReview }) {
  return (
    <Section title="BMI and weight">
      {review.measurements.length === 0 ? (
        <p>No measurements recorded.</p>
      ) : (
        <TableScroll label="BMI and weight history">
          <table className="clinic-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">From</th>
                <th scope="col">Weight</th>
                <th scope="col">Height</th>
                <th scope="col">BMI</th>
              </tr>
            </thead>
            <tbody>
              {review.measurements.map((row) => (
                <tr key={`${row.source}-${row.at}`}>
                  <td>{formatDate(row.at)}</td>
                  <td>{row.orderNumber ?? MEASUREMENT_SOURCES[row.source]}</td>
                  <td>{row.weightKg === null ? '—' : `${row.weightKg} kg`}</td>
                  <td>{row.heightCm === null ? '—' : `${row.heightCm} cm`}</td>
                  <td>{row.bmi === null ? '—' : row.bmi.toFixed(1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}

/** Upload categories: I is an identity photo, W a full-length (weight) photo, P proof of a current prescription. */
function photoAlt(category: string, title: string, patient: string): string {
  if (category === 'I') return `Photo ID of ${patient}`;
  if (category === 'W') return `Full-length photo of ${patient}`;
  if (category === 'P') return `Proof of current prescription of ${patient}`;
  return `${title} of ${patient}`;
}

/**
 * The dose to decide: a re-titration the gap in supply calls for (the proposed restart, why and its source), and once
 * approved, the decision recorded with the approval (asked, approved, the reason the patient was told).
 */
export function DoseDecision({ review }: { review: OrderReview }) {
  const dose = review.dose;
  if (!dose || (!dose.reTitration?.needed && !dose.decision)) return null;
  const gap = dose.reTitration;
  return (
    <Section title="Dose">
      {gap?.needed ? (
        <div className="clinic-flag" role="note">
          <p>
            <strong>Re-titration: restart at {gap.proposed.dosage}.</strong> {gap.summary}.{' '}
            {gap.statedMissedDoses !== null ? `The patient says they missed ${gap.statedMissedDoses} dose${gap.statedMissedDoses === 1 ? '' : 's'} since their last delivery. ` : ''}
            {gap.loggedMissedDoses ? `Their injection log marks ${gap.loggedMissedDoses} week${gap.loggedMissedDoses === 1 ? '' : 's'} missed. ` : ''}
            Last dose the supplies covered: {formatDate(`${gap.lastDoseOn}T12:00:00Z`)}. You choose the dose when you approve.
          </p>
          <p className="clinic-muted">
            {gap.source}. {gap.rationale}
          </p>
        </div>
      ) : null}
      {dose.decision ? (
        <p>
          Approved at {dose.decision.approved.dosage}
          {dose.decision.approved.variantCode !== dose.decision.asked.variantCode ? ` (asked for ${dose.decision.asked.dosage})` : ''}
          {dose.decision.by ? ` by ${dose.decision.by}` : ''}.{dose.decision.rationale ? ` Reason: ${dose.decision.rationale}` : ''}
        </p>
      ) : null}
    </Section>
  );
}

/** Orders from other accounts that may be this patient's (GPhC: multiple orders to one address or card), each linked. */
export function SecondAccounts({ review }: { review: OrderReview }) {
  if (review.possibleSecondAccounts.length === 0) return null;
  return (
    <Section title="Possible second account">
      <p>{SECOND_ACCOUNT_RULE.rationale}</p>
      <ul>
        {review.possibleSecondAccounts.map((other) => (
          <li key={other.orderNumber}>
            <Link to={`/clinic/orders/${encodeURIComponent(other.orderNumber)}`}>Order {other.orderNumber}</Link> by {other.patientName}, {stateName(other.state as Parameters<typeof stateName>[0]).toLowerCase()},
            placed {formatDate(other.placedAt)}: {other.matches.map((match) => SECOND_ACCOUNT_MATCH_TEXT[match]).join(', ')}
          </li>
        ))}
      </ul>
      <p className="clinic-muted">{SECOND_ACCOUNT_RULE.source}</p>
    </Section>
  );
}

/** A renewal's plan so far: each dose the patient received and the day it was dispatched, oldest first. */
export function SupplyHistory({ review }: { review: OrderReview }) {
  const supplies = review.renewal?.supplies;
  if (!supplies) return null;
  return (
    <Section title="Doses supplied">
      {supplies.length === 0 ? (
        <p>Nothing has been dispatched on this plan yet.</p>
      ) : (
        <ol className="clinic-supplies">
          {supplies.map((supply, index) => (
            <li key={`${supply.suppliedOn}-${index}`}>
              {supply.productName} {supply.dosage}, dispatched {formatDate(`${supply.suppliedOn}T12:00:00Z`)}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

export function Photos({ review }: { review: OrderReview }) {
  return (
    <Section title="Photos">
      {review.photos.length === 0 ? (
        <p>The patient has not sent any photos.</p>
      ) : (
        <ul className="clinic-photos">
          {review.photos.map((photo) => (
            <li key={photo.id}>
              <figure>
                <a href={photoUrl(photo.id)} target="_blank" rel="noreferrer">
                  <img src={photoUrl(photo.id)} alt={photoAlt(photo.category, photo.title, review.patient.name)} loading="lazy" />
                </a>
                <figcaption>
                  {photo.title}, {formatDateTime(photo.uploadedAt)}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function GpDetails({ review }: { review: OrderReview }) {
  const gp = review.gp;
  return (
    <Section title="GP">
      {!gp ? (
        <p>No GP details given.</p>
      ) : !gp.consentGiven ? (
        <p>The patient did not consent to us contacting their GP.</p>
      ) : (
        <>
          <p>{[gp.practiceName, gp.addressLine1, gp.addressLine2, gp.cityOrTown, gp.postCode].filter(Boolean).join(', ')}</p>
          <p className="muted">{gp.odsCode ? `NHS ODS code ${gp.odsCode}` : 'Typed by the patient (not chosen from the NHS directory).'}</p>
        </>
      )}
    </Section>
  );
}

export function TaskList({ review }: { review: ClinicOrder }) {
  return (
    <Section title="Tasks">
      {review.tasks.length === 0 ? (
        <p>No tasks for this order.</p>
      ) : (
        <ul className="clinic-list">
          {review.tasks.map((task) => (
            <li key={`${task.code}-${task.name}`}>
              {task.name}
              {task.isCritical ? ' (required)' : ''}: {task.completedAt ? `done ${formatDateTime(task.completedAt)}` : task.state.replace(/_/g, ' ')}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

type HistoryEvent = ClinicOrder['history'][number];

function eventText(event: HistoryEvent): string {
  const change = event.machine === 'payment' ? `Payment ${event.to.replace(/_/g, ' ')}` : stateName(event.to);
  return `${change} (${event.event.replace(/_/g, ' ')}, by ${event.actor})${event.reason ? `: ${event.reason}` : ''}`;
}

export function Timeline({ review }: { review: ClinicOrder }) {
  return (
    <Section title="History">
      <ol className="clinic-timeline">
        {review.history.map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <time dateTime={event.at}>{formatDateTime(event.at)}</time> {eventText(event)}
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function PreviousOrders({ review }: { review: ClinicOrder }) {
  return (
    <Section title="Previous orders">
      {review.previousOrders.length === 0 ? (
        <p>This is the patient’s first order.</p>
      ) : (
        <ul className="clinic-list">
          {review.previousOrders.map((order) => (
            <li key={order.orderNumber}>
              <Link to={`/clinic/orders/${encodeURIComponent(order.orderNumber)}`}>{order.orderNumber}</Link>, {formatDate(order.placedAt)},{' '}
              {order.products.join(', ')}: {stateName(order.state)}
              {order.decisions.map((decision, index) => (
                <span key={index} className="clinic-muted">
                  {' '}
                  {eventText(decision)}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
