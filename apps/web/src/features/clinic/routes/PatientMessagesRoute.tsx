import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useUnansweredMessages } from '../api';
import { TableScroll } from '../components/TableScroll';
import { formatDateTime } from '../format';

/** /clinic/patient-messages — orders whose patient wrote to the prescriber and waits for a reply, the longest wait first. */
export function Component() {
  useDocumentTitle('Patient messages');
  const waiting = useUnansweredMessages();
  return (
    <div className="clinic-page">
      <h1>Patient messages</h1>
      <p>Patients who wrote about an order and are waiting for a prescriber’s reply. Answers to a question you asked go back to the review queue instead.</p>
      {waiting.isPending ? (
        <LoadStatus status="loading" />
      ) : waiting.isError ? (
        <LoadStatus status="error" onRetry={() => void waiting.refetch()} />
      ) : waiting.data.orders.length === 0 ? (
        <EmptyState title="No messages waiting" message="A patient's message on their order appears here until a prescriber replies." />
      ) : (
        <TableScroll label="Messages waiting for a reply">
          <table className="clinic-table">
            <caption className="visually-hidden">Orders with messages waiting for a reply, longest wait first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Patient</th>
                <th scope="col">Messages waiting</th>
                <th scope="col">Waiting since</th>
              </tr>
            </thead>
            <tbody>
              {waiting.data.orders.map((entry) => (
                <tr key={entry.orderNumber}>
                  <td>
                    <Link to={`/clinic/orders/${encodeURIComponent(entry.orderNumber)}`}>{entry.orderNumber}</Link>
                  </td>
                  <td>{entry.patient.name}</td>
                  <td>{entry.unanswered}</td>
                  <td>{formatDateTime(entry.waitingSince)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
