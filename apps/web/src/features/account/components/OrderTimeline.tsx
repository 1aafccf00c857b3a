import { Link } from 'react-router';
import { CARRIER_NAMES, type Carrier, type Task, type TimelineStep } from '@elmwood/domain';
import { taskPath } from '../../tasks';
import { formatUkDate } from '../dates';

const STATUS_TEXT = { completed: 'done', active: 'now', upcoming: 'to come' } as const;

/** 'Where is my order' (an order held up for the patient's photos says so, with the task's link): placed, your tasks, clinical review, approved, dispatched, delivered; or how it ended, with why. */
export function OrderTimeline({
  steps,
  waiting = null,
  tracking = null,
}: {
  steps: readonly TimelineStep[];
  waiting?: { title: string; task: Task | null } | null;
  /** Once dispatched: the carrier's tracking link under the Dispatched step. */
  tracking?: { carrier: Carrier; number: string; url: string } | null;
}) {
  return (
    <ol className="progress-steps">
      {steps.map((step) => (
        <li key={step.id} className={`progress-steps__item progress-steps__item--${step.status}`} aria-current={step.status === 'active' ? 'step' : undefined}>
          <span className="progress-steps__dot" aria-hidden="true" />
          <span className="progress-steps__title">
            {step.id === 'awaiting_patient' && step.status === 'active' && waiting ? waiting.title : step.title}
            <span className="visually-hidden"> ({STATUS_TEXT[step.status]})</span>
          </span>
          {step.at ? (
            <time className="progress-steps__status" dateTime={step.at}>
              {formatUkDate(step.at)}
            </time>
          ) : null}
          {step.reason ? <span className="progress-steps__reason">{step.reason}</span> : null}
          {step.id === 'dispatched' && step.status !== 'upcoming' && tracking ? (
            <a className="progress-steps__reason" href={tracking.url} target="_blank" rel="noreferrer">
              Track your parcel with {CARRIER_NAMES[tracking.carrier]} ({tracking.number})
            </a>
          ) : null}
          {step.id === 'awaiting_patient' && step.status === 'active' && waiting?.task ? (
            <Link className="progress-steps__reason" to={taskPath(waiting.task)}>
              {waiting.task.taskDefinition.name}
            </Link>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
