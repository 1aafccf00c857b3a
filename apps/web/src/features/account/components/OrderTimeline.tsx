import type { TimelineStep } from '@elmwood/domain';

const STATUS_TEXT = { completed: 'done', active: 'now', upcoming: 'to come' } as const;

/** 'Where is my order': placed, your tasks, clinical review, approved, dispatched, delivered; or how it ended, with why. */
export function OrderTimeline({ steps }: { steps: readonly TimelineStep[] }) {
  return (
    <ol className="progress-steps">
      {steps.map((step) => (
        <li key={step.id} className={`progress-steps__item progress-steps__item--${step.status}`} aria-current={step.status === 'active' ? 'step' : undefined}>
          <span className="progress-steps__dot" aria-hidden="true" />
          <span className="progress-steps__title">
            {step.title}
            <span className="visually-hidden"> ({STATUS_TEXT[step.status]})</span>
          </span>
          {step.reason ? <span className="progress-steps__reason">{step.reason}</span> : null}
        </li>
      ))}
    </ol>
  );
}
