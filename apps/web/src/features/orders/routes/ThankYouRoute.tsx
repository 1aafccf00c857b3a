import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { accountBucket, CRITICAL_TASKS_APP_EXPERIMENT, experimentQueryParam, openCriticalTasks, orderEmailNote, thankYouHeadline } from '@elmwood/domain';
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

/** The app variant (QR code, install page, 'Continue on web'): its own chunk, for the experiment's 'app' bucket only. */
const AppThankYouVariant = lazy(() => import('../../app-install').then((module) => ({ default: module.AppThankYouVariant })));

/**
 * /n/:slug/order/complete/:orderNumber (or /basket/complete/:orderNumber) — the thank-you page. Its headline and body depend on a booking and on
 * critical tasks still open. SPEC's 'app' bucket of the critical-tasks experiment offers to finish them in the
 * installed app, with 'Continue on web' for this session.
 */
export function Component() {
  useDocumentTitle('Thank you for your order');
  const { orderNumber = '' } = useParams();
  const location = useLocation();
  const order = useOrder(orderNumber);
  const tasks = useOrderTasks(orderNumber);

  const [search] = useSearchParams();
  const experiments = order.data?.experiments;
  // The bucket the order was placed in (the account's), or one a tester forces with ?experiment-critical-tasks-thank-you=.
  const forced = CRITICAL_TASKS_APP_EXPERIMENT.buckets.find((bucket) => bucket === search.get(experimentQueryParam(CRITICAL_TASKS_APP_EXPERIMENT)));
  const appBucket = (forced ?? accountBucket(CRITICAL_TASKS_APP_EXPERIMENT, experiments, null)) === 'app';
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

      {hasCriticalTasks && appBucket ? (
        <Suspense fallback={<LoadStatus status="loading" />}>
          <AppThankYouVariant>
            <CriticalTaskModule thankYou={view.thankYou} criticalTasks={critical} />
          </AppThankYouVariant>
        </Suspense>
      ) : hasCriticalTasks ? (
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
