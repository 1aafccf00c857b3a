import { Link, useParams } from 'react-router';
import { formatAddressLines, formatPrice, formatShipping, orderReceiptPath, orderStatus, paymentMethodText, type CartAddress, type OrderPage } from '@elmwood/domain';
import { taskPath, useOpenTasks } from '../../tasks';
import { isApiError } from '../../../lib/api';
import { BRAND_NAME } from '../../../lib/config';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { buttonClass, ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Registration } from '../../../ui/Registration';
import { useOrderPage } from '../api';
import { OrderThread } from '../components/OrderThread';
import { OrderTimeline } from '../components/OrderTimeline';
import { ProductThumb } from '../components/ProductThumb';
import { formatUkDate } from '../dates';
import '../../../ui/page-styles/account.css';

function Address({ address }: { address: CartAddress }) {
  return (
    <address className="order-page__address">
      {[`${address.firstName} ${address.lastName}`.trim(), ...formatAddressLines(address)].map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

/** The prescriber who approved the order, with their profession and where to check their registration. */
function PrescribedBy({ prescriber }: { prescriber: NonNullable<OrderPage['prescriber']> }) {
  return (
    <section className="account-card" aria-labelledby="order-prescriber-title">
      <h2 id="order-prescriber-title">Your prescriber</h2>
      <p>
        Approved by <strong>{prescriber.name}</strong>, {prescriber.profession}
        {prescriber.registration ? <Registration {...prescriber.registration} /> : null}
      </p>
      <p className="account-muted">
        <Link to="/who-prescribes">Who prescribes at {BRAND_NAME}</Link>
      </p>
    </section>
  );
}

function Totals({ order }: { order: OrderPage }) {
  const rows: { label: string; value: string; className?: string }[] = [
    { label: 'Subtotal', value: formatPrice(order.totals.subtotal) },
    ...order.discounts.map((discount) => ({ label: discount.name, value: `-${formatPrice(discount.amount)}` })),
    { label: 'Delivery', value: formatShipping(order.totals.shipping) },
    ...(order.totals.credit > 0 ? [{ label: 'Credit', value: `-${formatPrice(order.totals.credit)}` }] : []),
    { label: 'Total', value: formatPrice(order.totals.total), className: 'order-page__grand' },
    ...order.vat.filter((line) => line.vat > 0).map((line) => ({ label: `Includes VAT at ${line.rate}%`, value: formatPrice(line.vat), className: 'account-muted' })),
  ];
  return (
    <dl className="order-page__totals">
      {rows.map((row) => (
        <div key={row.label} className={row.className}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /account/orders/:number — one order: its status timeline, open tasks, lines, totals, addresses, what paid and its receipt. */
export function Component() {
  const { number = '' } = useParams();
  const order = useOrderPage(number);
  const openTasks = useOpenTasks();
  useDocumentTitle(`Order ${number}`);

  if (order.isPending) return <LoadStatus status="loading" className="account-page container" />;
  if (isApiError(order.error) && order.error.isNotFound) {
    return (
      <div className="account-page container">
        <EmptyState headingLevel={1} title="We couldn't find that order">
          <ButtonLink to="/account/order-history">See your orders</ButtonLink>
        </EmptyState>
      </div>
    );
  }
  if (order.isError) return <LoadStatus status="error" onRetry={() => void order.refetch()} className="account-page container" />;
  const view = order.data;
  const tasks = (openTasks.data ?? []).filter((task) => task.orderNumber === view.number && task.state === 'open');
  return (
    <div className="account-page container">
      <BackLink to="/account/order-history">Back to your orders</BackLink>
      <h1>Order {view.number}</h1>
      <p className="account-muted">Placed on {formatUkDate(view.createdAt)}</p>
      <section className="account-card" aria-labelledby="order-status-title">
        <h2 id="order-status-title">Status</h2>
        <OrderTimeline steps={view.timeline} waiting={orderStatus({ id: view.number, state: view.state }, openTasks.data ?? [])} tracking={view.tracking} />
      </section>
      {tasks.length > 0 ? (
        <section className="account-card" aria-labelledby="order-tasks-title">
          <h2 id="order-tasks-title">Your tasks for this order</h2>
          <ul className="account-list">
            {tasks.map((task) => (
              <li key={task.id}>
                <Link to={taskPath(task)}>{task.taskDefinition.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {view.prescriber ? <PrescribedBy prescriber={view.prescriber} /> : null}
      <OrderThread orderNumber={view.number} />
      <section className="account-card" aria-labelledby="order-items-title">
        <h2 id="order-items-title">Items</h2>
        <ul className="order-list">
          {view.items.map((item) => (
            <li key={`${item.variantCode}-${item.frequency}`} className="order-row">
              <ProductThumb image={item.image} />
              <div className="order-row__body">
                <p className="order-row__title">{item.productName}</p>
                <p className="order-row__subtitle">
                  {item.variantName} · Quantity {item.quantity}
                </p>
              </div>
              <p className="order-row__price">{formatPrice(item.total)}</p>
            </li>
          ))}
        </ul>
        <Totals order={view} />
      </section>
      <section className="account-card order-page__details" aria-label="Delivery and payment">
        <div>
          <h2>Delivery address</h2>
          <Address address={view.shippingAddress} />
        </div>
        <div>
          <h2>Billing address</h2>
          <Address address={view.billingAddress} />
        </div>
        <div>
          <h2>Payment method</h2>
          <p>{view.paymentMethod ? paymentMethodText(view.paymentMethod) : 'No payment was needed'}</p>
        </div>
      </section>
      <p>
        {/* A plain link: the browser downloads the PDF the server makes, with the session's cookie. */}
        <a className={buttonClass({ variant: 'secondary' })} href={orderReceiptPath(view.number)} download>
          <span className="btn__label">Download receipt</span>
        </a>
      </p>
    </div>
  );
}
