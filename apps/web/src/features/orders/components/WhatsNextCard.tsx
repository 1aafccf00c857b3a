import { noTasksMessage, taskCountLabel, type Task } from '@elmwood/domain';
import { ButtonLink } from '../../../ui/Button';
import { HEALTH_ACTIONS_PATH } from '../healthActions';

function TaskIcon({ image }: { image: string | null }) {
  if (image) return <img className="whats-next__icon" src={image} alt="" width={40} height={40} />;
  return (
    <svg className="whats-next__icon" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="19" fill="var(--color-primary-tint)" />
      <rect x="13" y="11" width="14" height="18" rx="2" fill="none" stroke="var(--color-primary)" strokeWidth="2" />
      <path d="M16.5 17h7M16.5 21h7M16.5 25h4" stroke="var(--color-primary)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The 'What's next' card: how many tasks wait in the account and the first of them. When the tasks could
 * not be loaded, the patient still gets a way in (SPEC §8 'Start your journey').
 */
export function WhatsNextCard({ tasks, failed }: { tasks: readonly Task[]; failed: boolean }) {
  const open = tasks.filter((task) => task.state === 'open');
  const first = open[0];
  return (
    <section className="thank-you-card whats-next" aria-labelledby="whats-next-heading">
      <h2 id="whats-next-heading">What's next</h2>
      {failed ? (
        <>
          <p>Your next steps are waiting in your account.</p>
          <ButtonLink to={HEALTH_ACTIONS_PATH} size="lg" block>
            Start your journey
          </ButtonLink>
        </>
      ) : (
        <>
          <p className="whats-next__count">
            {open.length > 0 ? (
              <>
                <strong>{taskCountLabel(open.length)}</strong> {open.length === 1 ? 'task' : 'tasks'} to help your treatment along
              </>
            ) : (
              noTasksMessage(tasks.length > 0)
            )}
          </p>
          {first ? (
            <p className="whats-next__first">
              <TaskIcon image={first.taskDefinition.image} />
              <span>{first.taskDefinition.name}</span>
            </p>
          ) : null}
          <ButtonLink to={HEALTH_ACTIONS_PATH} size="lg" block>
            Continue your journey to health actions
          </ButtonLink>
        </>
      )}
    </section>
  );
}
