import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { CRITICAL_TASKS_EXPERIMENT, criticalTasksVariant, openCriticalTasks, orderEmailNote, thankYouHeadline } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { loginPathFor } from '../../auth';
import { sendAnalyticsEvent, setAnalyticsExperiments } from '../../../lib/analytics';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ButtonLink } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { NotFoundPanel } from '../../../ui/NotFoundPanel';
import { useOrder, useOrderTasks } from '../api';
import { AppVariant } from '../components/AppVariant';
import { CriticalTaskModule } from '../components/CriticalTaskModule';
import { ThankYouTemplate } from '../components/ThankYouTemplate';
import { WhatsNextCard } from '../components/WhatsNextCard';
import { continuesOnWeb, rememberContinueOnWeb } from '../continueOnWeb';
import { ACCOUNT_HOME_PATH } from '../healthActions';
import '../orders.css';

/**
 * /n/:slug/order/complete/:orderNumber — the thank-you page. Its headline and body depend on a booking,
 * on critical tasks still open, and for those on the patient's bucket in the critical-tasks experiment.
 */
export function Component() {
  useDocumentTitle('Thank you for your order');
  const { orderNumber = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const order = useOrder(orderNumber);
  const tasks = useOrderTasks(orderNumber);
  const [onWeb, setOnWeb] = useState(continuesOnWeb);

  const experiments = order.data?.experiments;
  useEffect(() => {
    if (experiments) setAnalyticsExperiments(experiments);
  }, [experiments]);

  if (isApiError(order.error) && order.error.status === 401) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (isApiError(order.error) && order.error.isNotFound) return <NotFoundPanel />;
  if (order.isError) return <LoadStatus status="error" onRetry={() => void order.refetch()} />;
  if (!order.data || tasks.isPending) return <LoadStatus status="loading" />;

  const view = order.data;
  const firstName = view.customer.firstName;
  const taskList = tasks.data ?? [];
  const critical = openCriticalTasks(taskList);
  const hasCriticalTasks = critical.length > 0;
  const headline = thankYouHeadline({ firstName, hasBooking: view.hasBooking, hasCriticalTasks });
  const variant = criticalTasksVariant({ stored: view.experiments[CRITICAL_TASKS_EXPERIMENT.name], forced: search.get('variant') });
  const showApp = hasCriticalTasks && variant === 'app' && !onWeb;

  const continueOnWeb = () => {
    rememberContinueOnWeb();
    setOnWeb(true);
    sendAnalyticsEvent('Continue On Web Selected', { orderNumber: view.number });
  };

  return (
    <div className="thank-you container">
      <header className="thank-you__header">
        <h1>{headline}</h1>
        {!view.hasBooking && !hasCriticalTasks ? <p className="thank-you__note">{orderEmailNote(view.customer.email)}</p> : null}
        <p className="thank-you__number">Order number {view.number}</p>
      </header>

      {hasCriticalTasks ? (
        showApp ? (
          <AppVariant onContinueOnWeb={continueOnWeb} />
        ) : (
          <CriticalTaskModule thankYou={view.thankYou} criticalTasks={critical} />
        )
      ) : (
        <>
          <WhatsNextCard tasks={taskList} failed={tasks.isError} />
          <ThankYouTemplate order={view} />
        </>
      )}

      <ButtonLink to={ACCOUNT_HOME_PATH} variant="secondary" block className="thank-you__account">
        Visit your account
      </ButtonLink>
    </div>
  );
}
