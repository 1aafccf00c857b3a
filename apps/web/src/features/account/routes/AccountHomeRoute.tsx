import { Link } from 'react-router';
import { openTasksMessage } from '@elmwood/domain';
import { GetAppBanner } from '../../app-install';
import { AfterStoppingCard } from '../../companion';
import { ReferralCard } from '../../referrals';
import { HEALTH_ACTIONS_PATH, useOpenTasks } from '../../tasks';
import { WeightCard } from '../../weight';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useAccountHome } from '../api';
import { Appointments } from '../components/Appointments';
import { OrderRow } from '../components/OrderRow';
import { ProgressCard } from '../components/ProgressCard';
import { ContactCard, Faqs, Resources, SupportCard } from '../components/SupportSections';
import { ActiveTreatments, RecommendedTreatments } from '../components/TreatmentLists';
import '../../../ui/page-styles/account.css';

/** /account/home — the account's front page; back links and 'Visit your account' lead here. */
export function Component() {
  useDocumentTitle('Your account');
  const home = useAccountHome();
  // Orders held up for the patient's photos link to the task that takes them; the tasks card counts the same list, so
  // it changes as soon as a task is done.
  const openTasks = useOpenTasks();
  if (home.isPending) return <LoadStatus status="loading" className="account-page container" />;
  if (home.isError) return <LoadStatus status="error" onRetry={() => void home.refetch()} className="account-page container" />;
  const data = home.data;
  const tasksMessage = openTasksMessage(openTasks.data ?? []);
  return (
    <div className="account-page container">
      <h1>Hello, {data.firstName}</h1>
      {/* SPEC §2's order: progress, goals (the weight card), treatments, appointments, tasks, order history; then
          resources, contact, support and the FAQs. */}
      <div className="account-grid">
        <div className="account-grid__main">
          <AfterStoppingCard />
          <ProgressCard sections={data.progress} />
          <WeightCard />
          <ActiveTreatments treatments={data.activeTreatments} />
          <RecommendedTreatments treatments={data.recommendedTreatments} taken={data.activeTreatments.map((treatment) => treatment.productCode)} />
          <Appointments appointments={data.appointments} />
          {tasksMessage ? (
            <section className="account-card account-card--tasks" aria-labelledby="tasks-title">
              <h2 id="tasks-title">Your tasks</h2>
              <p>{tasksMessage}</p>
              <Link className="btn btn--primary btn--md" to={HEALTH_ACTIONS_PATH}>
                <span className="btn__label">Go to my tasks</span>
              </Link>
            </section>
          ) : null}
          <section className="account-card" aria-labelledby="orders-title">
            <h2 id="orders-title">Order history</h2>
            {data.latestOrders.length === 0 ? (
              <p className="account-muted">You have not placed an order yet.</p>
            ) : (
              <>
                <ul className="order-list">
                  {data.latestOrders.map((order) => (
                    <OrderRow key={order.id} order={order} openTasks={openTasks.data ?? []} />
                  ))}
                </ul>
                <Link to="/account/order-history">See all orders</Link>
              </>
            )}
          </section>
        </div>
        <div className="account-grid__side">
          <GetAppBanner />
          <Resources />
          <ContactCard />
          <SupportCard />
          <ReferralCard />
        </div>
        <div className="account-grid__wide">
          <Faqs />
        </div>
      </div>
    </div>
  );
}
