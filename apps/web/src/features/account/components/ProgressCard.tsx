import type { ProgressSection, ProgressStatus } from '@elmwood/domain';

const STATUS_TEXT: Record<ProgressStatus, string> = { completed: 'Completed', active: 'In progress', upcoming: 'Upcoming' };

/** Where the patient's journey stands: each step completed, active or upcoming (SPEC §4 progress sections). */
export function ProgressCard({ sections }: { sections: readonly ProgressSection[] }) {
  return (
    <section className="account-card" aria-labelledby="progress-title">
      <h2 id="progress-title">Your progress</h2>
      <ol className="progress-steps">
        {sections.map((section) => (
          <li key={section.id} className={`progress-steps__item progress-steps__item--${section.status}`} aria-current={section.status === 'active' ? 'step' : undefined}>
            <span className="progress-steps__dot" aria-hidden="true" />
            <span className="progress-steps__title">{section.title}</span>
            <span className="progress-steps__status">{STATUS_TEXT[section.status]}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
