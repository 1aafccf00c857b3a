import { Link } from 'react-router';
import { deletionDeadlineLabel } from '@elmwood/domain';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { QueryContent } from '../../../ui/QueryContent';
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
      <QueryContent query={queue} isEmpty={(data) => data.requests.length === 0} empty={{ title: 'No deletion requests waiting', message: "Patients' requests to delete their account appear here until they are confirmed." }}>
        {(data) => (
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
              {data.requests.map((request) => (
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
      </QueryContent>
    </div>
  );
}
