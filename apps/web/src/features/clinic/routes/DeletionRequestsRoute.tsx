import { Link } from 'react-router';
import { deletionDeadlineLabel } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useDeletionQueue } from '../api';
import { TableScroll } from '../components/TableScroll';
import { formatDate, formatDateTime } from '../format';

/** /clinic/deletion-requests — patients' open requests to delete their account, oldest first, with their deadline. */
export function Component() {
  useDocumentTitle('Deletion requests');
  const queue = useDeletionQueue();
  return (
    <div className="clinic-page">
      <h1>Deletion requests</h1>
      <p>UK data protection law gives us one month from each request to confirm it.</p>
      {queue.isPending ? (
        <LoadStatus status="loading" />
      ) : queue.isError ? (
        <LoadStatus status="error" onRetry={() => void queue.refetch()} />
      ) : queue.data.requests.length === 0 ? (
        <EmptyState title="No deletion requests waiting" message="Patients' requests to delete their account appear here until they are confirmed." />
      ) : (
        <TableScroll label="Open deletion requests">
          <table className="clinic-table">
            <caption className="visually-hidden">Open deletion requests, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Patient</th>
                <th scope="col">Requested</th>
                <th scope="col">Deadline</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.requests.map((request) => (
                <tr key={request.id}>
                  <td>
                    <Link to={`/clinic/deletion-requests/${encodeURIComponent(request.id)}`}>{request.patient.name}</Link>
                  </td>
                  <td>{formatDateTime(request.requestedAt)}</td>
                  <td>
                    {formatDate(request.deadline)} ({deletionDeadlineLabel(request.daysLeft)})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
