import { Link } from 'react-router';
import { formatPrice, orderPagePath, orderStatus, type OrderHistoryEntry, type Task } from '@elmwood/domain';
import { taskPath } from '../../tasks';
import { Tag } from '../../../ui/Tag';
import { ProductThumb } from './ProductThumb';

/**
 * One order: its picture, title and subtitle, number, price and how many items it held (SPEC §3), and its status
 * in the patient's terms (domain orderStatus): waiting for their photos, with the link that takes them.
 */
export function OrderRow({ order, openTasks = [] }: { order: OrderHistoryEntry; openTasks?: readonly Task[] }) {
  const current = orderStatus(order, openTasks);
  const status = current?.title ?? null;
  return (
    <li className="order-row">
      <ProductThumb image={order.image} />
      <div className="order-row__body">
        <p className="order-row__title">
          <Link to={orderPagePath(order.id)}>{order.title}</Link>
        </p>
        <p className="order-row__subtitle">{order.subtitle}</p>
        <p className="order-row__meta">
          Order {order.id} · {order.noOfItems === 1 ? '1 item' : `${order.noOfItems} items`}
        </p>
        {status ? (
          <p className="order-row__status">
            <Tag tone={order.state === 'rejected' ? 'neutral' : 'info'}>{status}</Tag>
            {current?.task ? <Link to={taskPath(current.task)}>{current.task.taskDefinition.name}</Link> : null}
            {order.tracking ? (
              <a href={order.tracking.url} target="_blank" rel="noreferrer">
                Track your parcel ({order.tracking.number})
              </a>
            ) : null}
          </p>
        ) : null}
        {order.statusReason ? <p className="order-row__reason">{order.statusReason}</p> : null}
      </div>
      <p className="order-row__price">{formatPrice(order.price)}</p>
    </li>
  );
}
