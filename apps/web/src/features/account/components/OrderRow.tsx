import { formatPrice, type OrderHistoryEntry } from '@elmwood/domain';
import { ProductThumb } from './ProductThumb';

/** One order: its picture, title and subtitle, number, price and how many items it held (SPEC §3). */
export function OrderRow({ order }: { order: OrderHistoryEntry }) {
  return (
    <li className="order-row">
      <ProductThumb image={order.image} />
      <div className="order-row__body">
        <p className="order-row__title">{order.title}</p>
        <p className="order-row__subtitle">{order.subtitle}</p>
        <p className="order-row__meta">
          Order {order.id} · {order.noOfItems === 1 ? '1 item' : `${order.noOfItems} items`}
        </p>
      </div>
      <p className="order-row__price">{formatPrice(order.price)}</p>
    </li>
  );
}
