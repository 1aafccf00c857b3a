import { Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { useOpenTask } from '../api';
import { HealthActions } from '../components/HealthActions';
import { taskPath } from '../taskPath';
import '../../../ui/page-styles/tasks.css';

/** /account/health-actions — 'My tasks'; with ?taskId= (a thank-you page's button) it opens that task if still open. */
export function Component() {
  useDocumentTitle('My tasks');
  const [search] = useSearchParams();
  const { task } = useOpenTask(search.get('taskId'));
  if (task) return <Navigate to={taskPath(task)} replace />;
  return (
    <div className="account-page container">
      <BackLink to="/account/home">Back to your account</BackLink>
      <h1>My tasks</h1>
      <HealthActions />
    </div>
  );
}
