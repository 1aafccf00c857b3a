import { useRoutes, type RouteObject } from 'react-router';
import { Component as AccountLayout } from '../layouts/AccountLayout';
import { lazyRoute } from './lazyRoute';

const coachPages = () => import('../../features/coaches/routes/pages');

/** /account/*: the account area's pages, loaded with its first page (router.tsx keeps only this table's address). */
const accountRoutes: RouteObject[] = [
  {
    Component: AccountLayout,
    children: [
      { index: true, Component: lazyRoute(() => import('../../features/account/routes/AccountIndexRoute')) },
      { path: 'home', Component: lazyRoute(() => import('../../features/account/routes/AccountHomeRoute')) },
      { path: 'plan/:subscriptionId', Component: lazyRoute(() => import('../../features/account/routes/PlanRoute')) },
      { path: 'order-history', Component: lazyRoute(() => import('../../features/account/routes/OrderHistoryRoute')) },
      { path: 'orders/:number', Component: lazyRoute(() => import('../../features/account/routes/OrderRoute')) },
      { path: 'details', Component: lazyRoute(() => import('../../features/account/routes/DetailsRoute')) },
      { path: 'progress', Component: lazyRoute(() => import('../../features/weight/routes/ProgressRoute')) },
      { path: 'details/change/shipping-address', Component: lazyRoute(() => import('../../features/account/routes/ShippingAddressRoute')) },
      { path: 'details/change/billing-method', Component: lazyRoute(() => import('../../features/account/routes/BillingMethodRoute')) },
      { path: 'injections', Component: lazyRoute(() => import('../../features/companion/routes/InjectionsRoute')) },
      { path: 'side-effects', Component: lazyRoute(() => import('../../features/companion/routes/SideEffectsRoute')) },
      { path: 'support', Component: lazyRoute(() => import('../../features/support/routes/SupportRoute')) },
      { path: 'refer-a-friend', Component: lazyRoute(() => import('../../features/referrals/routes/ReferAFriendRoute')) },
      { path: 'health-actions', Component: lazyRoute(() => import('../../features/tasks/routes/HealthActionsRoute')) },
      { path: 'get-the-app', Component: lazyRoute(() => import('../../features/app-install/routes/GetTheAppRoute')) },
      { path: 'reminders', Component: lazyRoute(() => import('../../features/reminders/routes/RemindersRoute')) },
      { path: 'reminders/setup', Component: lazyRoute(() => import('../../features/reminders/routes/ReminderSetupRoute')) },
      { path: 'tasks/:taskId', Component: lazyRoute(() => import('../../features/tasks/routes/TaskRoute')) },
      { path: 'coaches', Component: lazyRoute(() => coachPages().then((pages) => ({ Component: pages.CoachesPage }))) },
      { path: 'coaches/confirm', Component: lazyRoute(() => coachPages().then((pages) => ({ Component: pages.CoachConfirmPage }))) },
      { path: 'coaches/book', Component: lazyRoute(() => coachPages().then((pages) => ({ Component: pages.BookCallPage }))) },
      { path: 'appointments', Component: lazyRoute(() => coachPages().then((pages) => ({ Component: pages.AppointmentsPage }))) },
      { path: 'video-consultation', Component: lazyRoute(() => import('../../features/video-consultation/routes/BookVideoConsultationRoute')) },
      // The call's page loads alone, when it is opened: no other page carries the call's code.
      { path: 'video-consultation/:id', Component: lazyRoute(() => import('../../features/video-consultation/routes/VideoCallRoute')) },
      { path: 'upload/:slug', Component: lazyRoute(() => import('../../features/tasks/routes/PhotoUploadRoute')) },
      { path: 'gp-information', Component: lazyRoute(() => import('../../features/tasks/routes/GpInformationRoute')) },
      { path: 'n/:slug/quiz/:step', Component: lazyRoute(() => import('../../features/tasks/routes/TaskQuizRoute')) },
      { path: '*', Component: lazyRoute(() => import('../../features/account/routes/AccountNotFoundRoute')) },
    ],
  },
];

export function Component() {
  return useRoutes(accountRoutes);
}
