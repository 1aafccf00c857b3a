import { Link, useParams } from 'react-router';
import { DELETION_BLOCKED_MESSAGE, deletionDeadlineLabel, type ClinicDeletionRequest } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Tag } from '../../../ui/Tag';
import { useConfirmDeletion, useDeletionRequest } from '../api';
import { FormError } from '../components/FormError';
import { Section } from '../components/Section';
import { formatDate, formatDateTime, stateName } from '../format';

const BACK = <Link to="/clinic/deletion-requests">Back to deletion requests</Link>;

/** /clinic/deletion-requests/:id — what deleting the account removes and keeps, what blocks it, and the confirmation. */
export function Component() {
  const { id = '' } = useParams();
  useDocumentTitle('Deletion request');
  const request = useDeletionRequest(id);
  if (request.isPending) return <LoadStatus status="loading" />;
  if (request.isError) {
    if (isApiError(request.error) && (request.error.isNotFound || request.error.status === 400)) {
      return <EmptyState headingLevel={1} title="No such deletion request" message={BACK} />;
    }
    return <LoadStatus status="error" onRetry={() => void request.refetch()} />;
  }
  const data = request.data;
  const completed = data.state === 'completed';
  return (
    <div className="clinic-page">
      <p>{BACK}</p>
      <div className="clinic-page__head">
        <h1>Delete the account of {data.patient.name}</h1>
        <Tag tone={completed ? 'success' : 'info'}>{completed ? 'Deleted' : 'Waiting for confirmation'}</Tag>
      </div>
      <p>
        Requested {formatDateTime(data.requestedAt)}
        {completed && data.completedAt ? `; deleted ${formatDateTime(data.completedAt)}.` : `. Confirm by ${formatDate(data.deadline)} (${deletionDeadlineLabel(data.daysLeft)}).`}
      </p>
      <p role="status">{completed ? 'The account has been deleted and the patient emailed.' : ''}</p>
      {completed ? null : <p>Email: {data.patient.email}</p>}
      <Section title="What is removed">
        <p>{data.removedText}</p>
        {!completed && data.openPlans > 0 ? <p>{data.openPlans === 1 ? 'The patient has an open plan: it is cancelled now, whatever its commitment.' : `The patient has ${data.openPlans} open plans: they are cancelled now, whatever their commitment.`}</p> : null}
      </Section>
      <Section title="What is kept">
        {data.keptText.split('\n\n').map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p>Their name and date of birth stay with the clinical record where a prescription or consultation needs them.</p>
      </Section>
      {completed ? null : <Confirm request={data} />}
    </div>
  );
}

function Confirm({ request }: { request: ClinicDeletionRequest }) {
  const confirm = useConfirmDeletion(request.id);
  if (request.ordersInProgress.length > 0) {
    return (
      <Section title="Orders in progress">
        <div role="alert">
          <p>{DELETION_BLOCKED_MESSAGE}</p>
          <ul>
            {request.ordersInProgress.map((order) => (
              <li key={order.number}>
                <Link to={`/clinic/orders/${encodeURIComponent(order.number)}`}>{order.number}</Link> ({stateName(order.state)})
              </li>
            ))}
          </ul>
        </div>
      </Section>
    );
  }
  return (
    <Dialog
      title="Delete this account?"
      trigger={<Button>Confirm deletion</Button>}
      footer={
        <Button loading={confirm.isPending} onClick={() => confirm.mutate()}>
          Delete the account
        </Button>
      }
    >
      <p>
        The account of {request.patient.name} will be deleted in your name and the patient emailed. They will no longer be able to sign in. This cannot be undone.
      </p>
      <FormError error={confirm.error} />
    </Dialog>
  );
}
