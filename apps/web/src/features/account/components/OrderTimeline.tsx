import { Link } from 'react-router';
import type { Task, TimelineStep } from '@elmwood/domain';
import { taskPath } from '../../tasks';

const STATUS_TEXT = { completed: 'done', active: 'now', upcoming: 'to come' } as const;

/** 'Where is my order' (an order held up for the patient's photos says so, with the task's link): placed, your tasks, clinical review, approved, dispatched, delivered; or how it ended, with why. */
export function OrderTimeline({ steps, waiting = null }: { steps: readonly TimelineStep[]; waiting?: { title: string; task: Task | null } | null }) {
  return (
    <ol className="progress-steps">
      {steps.map((step) => (
        <li key={step.id} className={`progress-steps__item progress-steps__item--${step.status}`} aria-current={step.status === 'active' ? 'step' : undefined}>
          <span className="progress-steps__dot" aria-hidden="true" />
          <span className="progress-steps__title">
            {step.id === 'awaiting_patient' && step.status === 'active' && waiting ? waiting.title : step.title}
            <span className="visually-hidden"> ({STATUS_TEXT[step.status]})</span>
          </span>
          {step.reason ? <span className="progress-steps__reason">{step.reason}</span> : null}
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
