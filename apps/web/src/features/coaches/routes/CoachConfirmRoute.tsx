import { Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ButtonLink } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useAssignedCoach } from '../api';
import { COACHES_PATH, withTask } from '../paths';
import '../coaches.css';

/** /account/coaches/confirm — '{first name} is your coach' with 'Book your first call' (SPEC §2). */
export function Component() {
  const [search] = useSearchParams();
  const taskId = search.get('taskId');
  const assigned = useAssignedCoach();
  const coach = assigned.data?.coach ?? null;
  useDocumentTitle(coach ? `${coach.firstName} is your coach` : 'Your coach');

  if (assigned.isPending) return <LoadStatus status="loading" className="container" />;
  if (assigned.isError) return <LoadStatus status="error" className="container" onRetry={() => void assigned.refetch()} />;
  if (!coach) return <Navigate to={withTask(COACHES_PATH, taskId)} replace />;
  // The built-in scheduler books on the shop's own page; a Calendly clinic books on the coach's Calendly page.
  const external = /^https?:\/\//.test(coach.bookingLink);
  return (
    <div className="account-page container coach-confirm">
      <img className="coach-confirm__photo" src={coach.images.mainImg} alt={`Illustrated portrait of ${coach.firstName}`} width={140} height={140} />
      <h1>{coach.firstName} is your coach</h1>
      <p>{coach.howWeWillWork}</p>
      {external ? (
        <a className="btn btn--primary btn--lg" href={coach.bookingLink}>
          <span className="btn__label">Book your first call</span>
        </a>
      ) : (
        <ButtonLink size="lg" to={withTask(coach.bookingLink, taskId)}>
          Book your first call
        </ButtonLink>
      )}
      <p>
        <ButtonLink variant="link" to={withTask(COACHES_PATH, taskId)}>
          Choose a different coach
        </ButtonLink>
      </p>
    </div>
  );
}
