import { useSearchParams } from 'react-router';
import { useOpenTasks } from '../../tasks';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useOrderHistory } from '../api';
import { OrderRow } from '../components/OrderRow';
import '../../../ui/page-styles/account.css';

function pageFrom(value: string | null): number {
  const page = Number(value ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /account/order-history — every order, newest first, a page at a time (?page=N). */
export function Component() {
  useDocumentTitle('Order history');
  const [search] = useSearchParams();
  const page = pageFrom(search.get('page'));
  const orders = useOrderHistory(page);
  // Orders held up for the patient's photos link to the task that takes them.
  const openTasks = useOpenTasks();
  return (
    <div className="account-page container">
      <BackLink to="/account/home">Back to your account</BackLink>
      <h1>Order history</h1>
      {orders.isPending ? (
        <LoadStatus status="loading" />
      ) : orders.isError ? (
        <LoadStatus status="error" onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState title={page > 1 ? 'There are no more orders' : 'No orders yet'}>
          <ButtonLink to="/account/home">Visit your account</ButtonLink>
        </EmptyState>
      ) : (
        <section className="account-card" aria-label={`Orders, page ${orders.data.page} of ${orders.data.pages}`}>
          <ul className="order-list">
            {orders.data.items.map((order) => (
              <OrderRow key={order.id} order={order} openTasks={openTasks.data ?? []} />
            ))}
          </ul>
          {orders.data.pages > 1 ? (
            <nav className="pager" aria-label="Order pages">
              {page > 1 ? (
                <ButtonLink variant="secondary" to={`?page=${page - 1}`}>
                  Newer orders
                </ButtonLink>
              ) : null}
              <span className="pager__status">
                Page {orders.data.page} of {orders.data.pages}
              </span>
              {page < orders.data.pages ? (
                <ButtonLink variant="secondary" to={`?page=${page + 1}`}>
                  Older orders
                </ButtonLink>
              ) : null}
            </nav>
          ) : null}
        </section>
      )}
    </div>
  );
}
