import { useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { openCriticalTasks, orderEmailNote, thankYouHeadline } from '@elmwood/domain';
import { isApiError } from '../../../lib/api';
import { loginPathFor } from '../../auth';
import { setAnalyticsExperiments } from '../../../lib/analytics';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ButtonLink } from '../../../ui/Button';
import { LoadStatus } from '../../../ui/LoadStatus';
import { NotFoundPanel } from '../../../ui/NotFoundPanel';
import { AcquisitionSurvey } from '../../survey';
import { useOrder, useOrderTasks } from '../api';
import { CriticalTaskModule } from '../components/CriticalTaskModule';
import { ThankYouTemplate } from '../components/ThankYouTemplate';
import { WhatsNextCard } from '../components/WhatsNextCard';
import { ACCOUNT_HOME_PATH } from '../healthActions';
import '../orders.css';

/**
 * /n/:slug/order/complete/:orderNumber (or /basket/complete/:orderNumber) — the thank-you page. Its headline and body depend on a booking and on
 * critical tasks still open. (SPEC's 'app' bucket of the critical-tasks experiment sends patients to a mobile
 * app; there is none yet, so every patient finishes their tasks here.)
 */
export function Component() {
  useDocumentTitle('Thank you for your order');
  const { orderNumber = '' } = useParams();
  const location = useLocation();
  const order = useOrder(orderNumber);
  const tasks = useOrderTasks(orderNumber);

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

  return (
    <div className="thank-you container">
      <header className="thank-you__header">
        <h1>{headline}</h1>
        {!view.hasBooking && !hasCriticalTasks ? <p className="thank-you__note">{orderEmailNote(view.customer.email)}</p> : null}
        <p className="thank-you__number">Order number {view.number}</p>
      </header>

      {hasCriticalTasks ? (
        <CriticalTaskModule thankYou={view.thankYou} criticalTasks={critical} />
      ) : (
        <>
          <WhatsNextCard tasks={taskList} failed={tasks.isError} />
          <ThankYouTemplate order={view} />
        </>
      )}

      <ButtonLink to={ACCOUNT_HOME_PATH} variant="secondary" block className="thank-you__account">
        Visit your account
      </ButtonLink>
      {/* Never between a patient and the clinical steps their order waits on: asked once those are done. */}
      <AcquisitionSurvey eligible={!hasCriticalTasks && !tasks.isError} />
    </div>
  );
}
