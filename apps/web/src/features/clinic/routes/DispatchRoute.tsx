import { useState } from 'react';
import { GP_CONCERN_HOLD_MESSAGE } from '@elmwood/domain';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { QueryContent } from '../../../ui/QueryContent';
import { Tag } from '../../../ui/Tag';
import { useDispatchQueue } from '../api';
import { DispatchForm } from '../components/DispatchForm';
import { formatDateTime } from '../format';
import { can } from '../roles';
import { useStaff } from '../useStaffSession';

export function Component() {
  useDocumentTitle('Dispatch');
  const staff = useStaff();
  const queue = useDispatchQueue();
  // Said here, not in the order's card: the card leaves the queue as soon as the order is dispatched.
  const [done, setDone] = useState('');
  const body = (
    <QueryContent query={queue} isEmpty={(data) => data.orders.length === 0} empty={{ title: 'Nothing to dispatch', message: 'Approved and paid orders appear here.' }}>
      {(data) => (
      <ul className="clinic-dispatch" aria-label="Orders to dispatch, oldest approval first">
        {data.orders.map((order) => {
          const path = `/clinic/orders/${encodeURIComponent(order.orderNumber)}`;
          return (
            <li key={order.orderNumber} className="clinic-card">
              <section aria-labelledby={`dispatch-${order.orderNumber}`}>
                <h2 id={`dispatch-${order.orderNumber}`} className="clinic-card__title">
                  <Link to={path}>{order.orderNumber}</Link>
                </h2>
                <p>
                  {order.patient.name}, {order.postcode}. {order.items.map((item) => `${item.quantity} × ${item.productName} ${item.dosage}`).join(', ')}. Approved {formatDateTime(order.approvedAt)}.
                </p>
                <p>
                  <Link to={`${path}/packing-slip`}>Packing slip</Link>
                </p>
                {order.held ? (
                  <p className="clinic-held">
                    <Tag tone="accent">Held</Tag> {GP_CONCERN_HOLD_MESSAGE}
                  </p>
                ) : can(staff.role, 'dispatch') ? <DispatchForm orderNumber={order.orderNumber} onDispatched={() => setDone(`Order ${order.orderNumber} is dispatched.`)} /> : null}
              </section>
            </li>
          );
        })}
      </ul>
      )}
    </QueryContent>
  );
  return (
    <div className="clinic-page">
      <h1>Dispatch</h1>
      <p role="status" className="clinic-decision__result">
        {done}
      </p>
      {body}
    </div>
  );
}
