import { formatPrice, type OrderHistoryEntry, type OrderState } from '@elmwood/domain';
import { Tag } from '../../../ui/Tag';
import { ProductThumb } from './ProductThumb';

/** Where the order stands now, in the words of the 'Where is my order' timeline (domain account/timeline.ts). */
const STATUS_TITLES: Partial<Record<OrderState, string>> = {
  awaiting_patient: 'Waiting for your tasks',
  in_review: 'In clinical review',
  approved: 'Approved',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  rejected: 'Not approved',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** One order: its picture, title and subtitle, number, price and how many items it held (SPEC §3), and its status. */
export function OrderRow({ order }: { order: OrderHistoryEntry }) {
  const status = STATUS_TITLES[order.state] ?? null;
  return (
    <li className="order-row">
      <ProductThumb image={order.image} />
      <div className="order-row__body">
        <p className="order-row__title">{order.title}</p>
        <p className="order-row__subtitle">{order.subtitle}</p>
        <p className="order-row__meta">
          Order {order.id} · {order.noOfItems === 1 ? '1 item' : `${order.noOfItems} items`}
        </p>
        {status ? (
          <p className="order-row__status">
            <Tag tone={order.state === 'rejected' ? 'neutral' : 'info'}>{status}</Tag>
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
