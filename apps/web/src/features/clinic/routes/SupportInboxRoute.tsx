import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useSupportInbox } from '../api';
import { TableScroll } from '../components/TableScroll';
import { formatDateTime } from '../format';

/** /clinic/support — patients' conversations waiting for a reply, the longest wait first. */
export function Component() {
  useDocumentTitle('Support inbox');
  const inbox = useSupportInbox();
  return (
    <div className="clinic-page">
      <h1>Support inbox</h1>
      {inbox.isPending ? (
        <LoadStatus status="loading" />
      ) : inbox.isError ? (
        <LoadStatus status="error" onRetry={() => void inbox.refetch()} />
      ) : inbox.data.threads.length === 0 ? (
        <EmptyState title="No messages waiting" message="Patients' messages appear here until someone replies." />
      ) : (
        <TableScroll label="Messages waiting for a reply">
          <table className="clinic-table">
            <caption className="visually-hidden">Messages waiting for a reply, longest wait first</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Patient</th>
                <th scope="col">Messages</th>
                <th scope="col">Waiting since</th>
              </tr>
            </thead>
            <tbody>
              {inbox.data.threads.map((thread) => (
                <tr key={thread.id}>
                  <td>
                    <Link to={`/clinic/support/${encodeURIComponent(thread.id)}`}>{thread.subject}</Link>
                  </td>
                  <td>{thread.patient.name}</td>
                  <td>{thread.messageCount}</td>
                  <td>{formatDateTime(thread.waitingSince)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
