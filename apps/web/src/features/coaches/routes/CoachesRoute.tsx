import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useAssignCoach, useCoaches, useCoachingStatus } from '../api';
import { CoachCard } from '../components/CoachCard';
import { COACH_CONFIRM_PATH, withTask } from '../paths';
import '../coaches.css';

/** /account/coaches — the coach choice page (SPEC §2): choosing assigns the coach, then the confirm page (SPEC §4). */
export function Component() {
  useDocumentTitle('Choose your coach');
  const [search] = useSearchParams();
  const taskId = search.get('taskId');
  const coaches = useCoaches();
  const status = useCoachingStatus();
  const assign = useAssignCoach();
  const navigate = useNavigate();

  const choose = (coachId: string) =>
    assign.mutate(coachId, { onSuccess: () => navigate(withTask(COACH_CONFIRM_PATH, taskId)) });

  return (
    <div className="account-page container">
      <BackLink to={taskId ? '/account/health-actions' : '/account/home'}>{taskId ? 'Back to my tasks' : 'Back to my account'}</BackLink>
      <h1>Choose your coach</h1>
      {status.data && !status.data.eligible ? (
        // Coaching is for an approved weight-loss treatment and its after-care: the page says why not, and offers no choice.
        <section className="account-card" aria-label="Coaching">
          <p>{status.data.message}</p>
        </section>
      ) : (
        <>
          <p>Your coach supports you by phone alongside your treatment. Pick the person whose approach suits you; you can change later.</p>
          <ErrorMessage>{assign.error ? assign.error.message : null}</ErrorMessage>
          {coaches.isPending || status.isPending ? <LoadStatus status="loading" /> : null}
          {coaches.isError ? <LoadStatus status="error" onRetry={() => void coaches.refetch()} /> : null}
          {coaches.data && !status.isPending ? (
            <ul className="coach-list">
              {coaches.data.map((coach) => (
                <CoachCard key={coach.id} coach={coach} choosing={assign.isPending && assign.variables === coach.id} onChoose={() => choose(coach.id)} />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
