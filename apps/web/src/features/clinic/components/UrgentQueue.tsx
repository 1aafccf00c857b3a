import { Link } from 'react-router';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Tag } from '../../../ui/Tag';
import { useUrgentQueue } from '../api';
import { formatDateTime } from '../format';
import { Section } from './Section';
import { TableScroll } from './TableScroll';

/** The urgent clinical queue, shown above the review queue: patients a prescriber must contact, earliest due first. */
export function UrgentQueue() {
  const queue = useUrgentQueue();
  return (
    <Section title="Urgent: contact the patient" className="clinic-urgent">
      {queue.isPending ? (
        <LoadStatus status="loading" />
      ) : queue.isError ? (
        <LoadStatus status="error" onRetry={() => void queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <p>No patient needs urgent contact.</p>
      ) : (
        <TableScroll label="Urgent items">
          <table className="clinic-table clinic-queue">
            <caption className="visually-hidden">Patients to contact, earliest due first</caption>
            <thead>
              <tr>
                <th scope="col">Patient</th>
                <th scope="col">Why</th>
                <th scope="col">Contact by</th>
                <th scope="col">Owner</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link className="clinic-queue__patient" to={`/clinic/urgent/${item.id}`}>
                      {item.patient.name || 'Patient'}
                    </Link>
                  </td>
                  <td>{item.reasons.join('; ')}</td>
                  <td>
                    {formatDateTime(item.dueAt)}
                    {item.overdue ? (
                      <>
                        {' '}
                        <Tag tone="accent">Overdue</Tag>
                      </>
                    ) : null}
                  </td>
                  <td>{item.owner?.name ?? 'Nobody yet'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Section>
  );
}
