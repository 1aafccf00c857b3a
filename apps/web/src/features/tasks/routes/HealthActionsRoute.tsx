import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { HealthActions } from '../components/HealthActions';
import '../tasks.css';

/** /account/health-actions — 'My tasks'. */
export function Component() {
  useDocumentTitle('My tasks');
  return (
    <div className="account-page container">
      <BackLink to="/account/home">Back to your account</BackLink>
      <h1>My tasks</h1>
      <HealthActions />
    </div>
  );
}
