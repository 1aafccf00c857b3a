import { Link } from 'react-router';
import type { ReviewQueue } from '@elmwood/domain';
import { EmptyState } from '../../../ui/EmptyState';
import { Tag } from '../../../ui/Tag';
import { formatDateTime, formatWaiting } from '../format';
import { TableScroll } from './TableScroll';

const EMPTY = {
  ready: { title: 'Nothing to review', message: 'Orders appear here once the patient has finished their tasks.' },
  waiting: { title: 'No orders waiting for patients', message: 'Orders whose patients still have tasks to do appear here.' },
};

export function ReviewQueueTable({ queue }: { queue: ReviewQueue }) {
  if (queue.orders.length === 0) return <EmptyState {...EMPTY[queue.tab]} />;
  return (
    <TableScroll label="Orders">
      <table className="clinic-table clinic-queue">
        <caption className="visually-hidden">{queue.tab === 'ready' ? 'Orders ready for review, urgent first, then oldest first' : 'Orders waiting for the patient'}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Patient</th>
            <th scope="col">Treatment</th>
            <th scope="col">Waiting</th>
          </tr>
        </thead>
        <tbody>
          {queue.orders.map((order) => (
            <tr key={order.orderNumber}>
              <td>
                <Link className="clinic-queue__number" to={`/clinic/orders/${encodeURIComponent(order.orderNumber)}`}>
                  {order.orderNumber}
                </Link>
                {order.urgent ? (
                  <>
                    {' '}
                    <Tag tone="accent">Urgent</Tag>
                  </>
                ) : null}
              </td>
              <td className="clinic-queue__patient">{order.patient.name}</td>
              <td>
                {order.products.join(', ')}
                {order.isRenewal ? (
                  <>
                    {' '}
                    <Tag tone="info">Renewal</Tag>
                  </>
                ) : null}
              </td>
              <td>
                <span className="clinic-queue__waiting" title={`Since ${formatDateTime(order.waitingSince)}`}>
                  {formatWaiting(order.waitingMinutes)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
