import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AppErrorBoundary } from './app/errors/AppErrorBoundary';
import { RouteErrorBoundary } from './app/errors/RouteErrorBoundary';
import { RootHydrateFallback, RootLayout } from './app/layouts/RootLayout';
import { AwaitFirstPage } from './app/routing/AwaitFirstPage';
import { isLazyRoute, lazyRoute } from './app/routing/lazyRoute';

const coachPages = () => import('./features/coaches/routes/pages');

/** A page's errors shown in its place, inside whatever frame surrounds it. */
const pageErrors = (
  <RouteErrorBoundary>
    <Outlet />
  </RouteErrorBoundary>
);

/** Every page is its own lazily loaded module, so the entry holds only the frame. */
export const routes: RouteObject[] = [
  // Shown inside the bank's challenge frame or the PayPal window, so it goes without the site's frame.
  { path: 'checkout/payment-return', Component: lazyRoute(() => import('./features/payment/routes/PaymentReturnRoute')) },
  // The staff console: its own frame and chunks, outside the shop's layout, so no patient page loads its code.
  {
    path: 'clinic',
    element: pageErrors,
    children: [
      {
        Component: lazyRoute(() => import('./features/clinic/routes/ClinicLayout')),
        children: [
          { path: 'login', Component: lazyRoute(() => import('./features/clinic/routes/LoginRoute')) },
          {
            Component: lazyRoute(() => import('./features/clinic/routes/RequireStaff')),
            children: [
              { index: true, Component: lazyRoute(() => import('./features/clinic/routes/ClinicHomeRoute')) },
              { path: 'reviews', Component: lazyRoute(() => import('./features/clinic/routes/ReviewsRoute')) },
              { path: 'orders', Component: lazyRoute(() => import('./features/clinic/routes/FindOrderRoute')) },
              { path: 'orders/:number', Component: lazyRoute(() => import('./features/clinic/routes/OrderReviewRoute')) },
              { path: 'orders/:number/packing-slip', Component: lazyRoute(() => import('./features/clinic/routes/PackingSlipRoute')) },
              { path: 'dispatch', Component: lazyRoute(() => import('./features/clinic/routes/DispatchRoute')) },
              { path: 'support', Component: lazyRoute(() => import('./features/clinic/routes/SupportInboxRoute')) },
              { path: 'support/:id', Component: lazyRoute(() => import('./features/clinic/routes/SupportThreadRoute')) },
              { path: 'deletion-requests', Component: lazyRoute(() => import('./features/clinic/routes/DeletionRequestsRoute')) },
              { path: 'deletion-requests/:id', Component: lazyRoute(() => import('./features/clinic/routes/DeletionRequestRoute')) },
              { path: 'messages', Component: lazyRoute(() => import('./features/clinic/routes/StuckMessagesRoute')) },
              { path: '*', Component: lazyRoute(() => import('./features/clinic/routes/ClinicNotFoundRoute')) },
            ],
          },
        ],
      },
    ],
  },
  {
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    children: [
      {
        element: pageErrors,
        children: [
          { index: true, Component: lazyRoute(() => import('./features/home/routes/HomeRoute')) },
          { path: 'products/:slug', Component: lazyRoute(() => import('./features/catalog/routes/ProductRoute')) },
          { path: 'n/:slug/quiz/:step', Component: lazyRoute(() => import('./features/quiz/routes/QuizRoute')) },
          {
            path: 'n/:slug/recommendations',
            Component: lazyRoute(() => import('./features/recommendations/routes/RecommendationsRoute')),
          },
          { path: 'n/:slug/order', Component: lazyRoute(() => import('./features/checkout/routes/OrderRoute')) },
          { path: 'basket', Component: lazyRoute(() => import('./features/checkout/routes/BasketRoute')) },
          { path: 'n/:slug/order/complete/:orderNumber', Component: lazyRoute(() => import('./features/orders/routes/ThankYouRoute')) },
          { path: 'basket/complete/:orderNumber', Component: lazyRoute(() => import('./features/orders/routes/ThankYouRoute')) },
          { path: 'login', Component: lazyRoute(() => import('./features/auth/routes/LoginRoute')) },
          { path: 'r/:uid', Component: lazyRoute(() => import('./features/auth/routes/ReferralRoute')) },
          { path: 'forgot-password', Component: lazyRoute(() => import('./features/auth/routes/ForgotPasswordRoute')) },
          { path: 'pages/:slug', Component: lazyRoute(() => import('./features/pages/routes/StaticPageRoute')) },
          {
            path: 'account',
            Component: lazyRoute(() => import('./app/layouts/AccountLayout')),
            children: [
              { index: true, Component: lazyRoute(() => import('./features/account/routes/AccountIndexRoute')) },
              { path: 'home', Component: lazyRoute(() => import('./features/account/routes/AccountHomeRoute')) },
              { path: 'plan/:subscriptionId', Component: lazyRoute(() => import('./features/account/routes/PlanRoute')) },
              { path: 'order-history', Component: lazyRoute(() => import('./features/account/routes/OrderHistoryRoute')) },
              { path: 'orders/:number', Component: lazyRoute(() => import('./features/account/routes/OrderRoute')) },
              { path: 'details', Component: lazyRoute(() => import('./features/account/routes/DetailsRoute')) },
              { path: 'progress', Component: lazyRoute(() => import('./features/weight/routes/ProgressRoute')) },
              { path: 'details/change/shipping-address', Component: lazyRoute(() => import('./features/account/routes/ShippingAddressRoute')) },
              { path: 'details/change/billing-method', Component: lazyRoute(() => import('./features/account/routes/BillingMethodRoute')) },
              { path: 'support', Component: lazyRoute(() => import('./features/support/routes/SupportRoute')) },
              { path: 'refer-a-friend', Component: lazyRoute(() => import('./features/referrals/routes/ReferAFriendRoute')) },
              { path: 'health-actions', Component: lazyRoute(() => import('./features/tasks/routes/HealthActionsRoute')) },
              { path: 'reminders', Component: lazyRoute(() => import('./features/reminders/routes/RemindersRoute')) },
              { path: 'reminders/setup', Component: lazyRoute(() => import('./features/reminders/routes/ReminderSetupRoute')) },
              { path: 'tasks/:taskId', Component: lazyRoute(() => import('./features/tasks/routes/TaskRoute')) },
              { path: 'coaches', Component: lazyRoute(() => coachPages().then((pages) => ({ Component: pages.CoachesPage }))) },
              { path: 'coaches/confirm', Component: lazyRoute(() => coachPages().then((pages) => ({ Component: pages.CoachConfirmPage }))) },
              { path: 'coaches/book', Component: lazyRoute(() => coachPages().then((pages) => ({ Component: pages.BookCallPage }))) },
              { path: 'appointments', Component: lazyRoute(() => coachPages().then((pages) => ({ Component: pages.AppointmentsPage }))) },
              { path: 'upload/:slug', Component: lazyRoute(() => import('./features/tasks/routes/PhotoUploadRoute')) },
              { path: 'gp-information', Component: lazyRoute(() => import('./features/tasks/routes/GpInformationRoute')) },
              { path: 'n/:slug/quiz/:step', Component: lazyRoute(() => import('./features/tasks/routes/TaskQuizRoute')) },
              { path: '*', Component: lazyRoute(() => import('./features/account/routes/AccountNotFoundRoute')) },
            ],
          },
          { path: '*', Component: lazyRoute(() => import('./app/NotFoundRoute')) },
        ],
      },
    ],
  },
];

function lazyRoutesAt(pathname: string) {
  return (matchRoutes(routes, pathname) ?? []).map(({ route }) => route.Component).filter(isLazyRoute);
}

function loadPages(pathname: string): Promise<unknown> {
  return Promise.all(lazyRoutesAt(pathname).map((route) => route.load()));
}

/** Loads the modules of the routes matching `pathname`, and the code they need at once, so the first render needs no wait. */
export async function loadRouteModules(pathname: string): Promise<void> {
  await Promise.all(
    lazyRoutesAt(pathname).map(async (route) => {
      const { loadForHydration } = await route.load();
      await loadForHydration?.();
    }),
  );
}

/** The page at the current address, in the frames its routes name. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const page = useRoutes(routes);
  const matches = matchRoutes(routes, pathname) ?? [];
  const Fallback = matches.find(({ route }) => route.HydrateFallback)?.route.HydrateFallback;
  return (
    <AppErrorBoundary>
      <AwaitFirstPage
        loaded={() => lazyRoutesAt(pathname).every((route) => route.isLoaded())}
        load={() => loadPages(pathname)}
        fallback={Fallback ? <Fallback /> : null}
      >
        {page}
      </AwaitFirstPage>
    </AppErrorBoundary>
  );
}
