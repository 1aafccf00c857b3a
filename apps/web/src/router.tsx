import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { AppErrorBoundary } from './app/errors/AppErrorBoundary';
import { RouteErrorBoundary } from './app/errors/RouteErrorBoundary';
import { RootHydrateFallback, RootLayout } from './app/layouts/RootLayout';

const coachPages = () => import('./features/coaches/routes/pages');

/** Every page is its own lazily loaded module, so the entry holds only the frame. */
export const routes: RouteObject[] = [
  // Shown inside the bank's challenge frame or the PayPal window, so it goes without the site's frame.
  { path: 'checkout/payment-return', lazy: () => import('./features/payment/routes/PaymentReturnRoute') },
  // The staff console: its own frame and chunks, outside the shop's layout, so no patient page loads its code.
  {
    path: 'clinic',
    lazy: () => import('./features/clinic/routes/ClinicLayout'),
    ErrorBoundary: RouteErrorBoundary,
    children: [
      { path: 'login', lazy: () => import('./features/clinic/routes/LoginRoute') },
      {
        lazy: () => import('./features/clinic/routes/RequireStaff'),
        children: [
          { index: true, lazy: () => import('./features/clinic/routes/ClinicHomeRoute') },
          { path: 'reviews', lazy: () => import('./features/clinic/routes/ReviewsRoute') },
          { path: 'orders', lazy: () => import('./features/clinic/routes/FindOrderRoute') },
          { path: 'orders/:number', lazy: () => import('./features/clinic/routes/OrderReviewRoute') },
          { path: 'orders/:number/packing-slip', lazy: () => import('./features/clinic/routes/PackingSlipRoute') },
          { path: 'dispatch', lazy: () => import('./features/clinic/routes/DispatchRoute') },
          { path: 'support', lazy: () => import('./features/clinic/routes/SupportInboxRoute') },
          { path: 'support/:id', lazy: () => import('./features/clinic/routes/SupportThreadRoute') },
          { path: 'deletion-requests', lazy: () => import('./features/clinic/routes/DeletionRequestsRoute') },
          { path: 'deletion-requests/:id', lazy: () => import('./features/clinic/routes/DeletionRequestRoute') },
          { path: 'messages', lazy: () => import('./features/clinic/routes/StuckMessagesRoute') },
          { path: '*', lazy: () => import('./features/clinic/routes/ClinicNotFoundRoute') },
        ],
      },
    ],
  },
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: AppErrorBoundary,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, lazy: () => import('./features/home/routes/HomeRoute') },
          { path: 'products/:slug', lazy: () => import('./features/catalog/routes/ProductRoute') },
          { path: 'n/:slug/quiz/:step', lazy: () => import('./features/quiz/routes/QuizRoute') },
          {
            path: 'n/:slug/recommendations',
            lazy: () => import('./features/recommendations/routes/RecommendationsRoute'),
          },
          { path: 'n/:slug/order', lazy: () => import('./features/checkout/routes/OrderRoute') },
          { path: 'basket', lazy: () => import('./features/checkout/routes/BasketRoute') },
          { path: 'n/:slug/order/complete/:orderNumber', lazy: () => import('./features/orders/routes/ThankYouRoute') },
          { path: 'basket/complete/:orderNumber', lazy: () => import('./features/orders/routes/ThankYouRoute') },
          { path: 'login', lazy: () => import('./features/auth/routes/LoginRoute') },
          { path: 'r/:uid', lazy: () => import('./features/auth/routes/ReferralRoute') },
          { path: 'forgot-password', lazy: () => import('./features/auth/routes/ForgotPasswordRoute') },
          { path: 'pages/:slug', lazy: () => import('./features/pages/routes/StaticPageRoute') },
          {
            path: 'account',
            lazy: () => import('./app/layouts/AccountLayout'),
            children: [
              { index: true, lazy: () => import('./features/account/routes/AccountIndexRoute') },
              { path: 'home', lazy: () => import('./features/account/routes/AccountHomeRoute') },
              { path: 'plan/:subscriptionId', lazy: () => import('./features/account/routes/PlanRoute') },
              { path: 'order-history', lazy: () => import('./features/account/routes/OrderHistoryRoute') },
              { path: 'orders/:number', lazy: () => import('./features/account/routes/OrderRoute') },
              { path: 'details', lazy: () => import('./features/account/routes/DetailsRoute') },
              { path: 'progress', lazy: () => import('./features/weight/routes/ProgressRoute') },
              { path: 'details/change/shipping-address', lazy: () => import('./features/account/routes/ShippingAddressRoute') },
              { path: 'details/change/billing-method', lazy: () => import('./features/account/routes/BillingMethodRoute') },
              { path: 'support', lazy: () => import('./features/support/routes/SupportRoute') },
              { path: 'refer-a-friend', lazy: () => import('./features/referrals/routes/ReferAFriendRoute') },
              { path: 'health-actions', lazy: () => import('./features/tasks/routes/HealthActionsRoute') },
              { path: 'reminders', lazy: () => import('./features/reminders/routes/RemindersRoute') },
              { path: 'reminders/setup', lazy: () => import('./features/reminders/routes/ReminderSetupRoute') },
              { path: 'tasks/:taskId', lazy: () => import('./features/tasks/routes/TaskRoute') },
              { path: 'coaches', lazy: () => coachPages().then((pages) => ({ Component: pages.CoachesPage })) },
              { path: 'coaches/confirm', lazy: () => coachPages().then((pages) => ({ Component: pages.CoachConfirmPage })) },
              { path: 'coaches/book', lazy: () => coachPages().then((pages) => ({ Component: pages.BookCallPage })) },
              { path: 'appointments', lazy: () => coachPages().then((pages) => ({ Component: pages.AppointmentsPage })) },
              { path: 'upload/:slug', lazy: () => import('./features/tasks/routes/PhotoUploadRoute') },
              { path: 'gp-information', lazy: () => import('./features/tasks/routes/GpInformationRoute') },
              { path: 'n/:slug/quiz/:step', lazy: () => import('./features/tasks/routes/TaskQuizRoute') },
              { path: '*', lazy: () => import('./features/account/routes/AccountNotFoundRoute') },
            ],
          },
          { path: '*', lazy: () => import('./app/NotFoundRoute') },
        ],
      },
    ],
  },
];

/** Puts the lazy modules of the routes matching `pathname` into those routes, so the first render needs no wait. */
export async function loadRouteModules(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      // A route module may name code its page needs at once beyond its own (loadForHydration): not a route property.
      const { loadForHydration, ...properties } = (await route.lazy()) as Record<string, unknown> & { loadForHydration?: () => Promise<void> };
      await loadForHydration?.();
      Object.assign(route, { ...properties, lazy: undefined });
    }),
  );
}

export function createRouter() {
  return createBrowserRouter(routes);
}
