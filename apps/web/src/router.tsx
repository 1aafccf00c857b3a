import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AppErrorBoundary } from './app/errors/AppErrorBoundary';
import { RootHydrateFallback, RootLayout } from './app/layouts/RootLayout';
import { AwaitFirstPage } from './app/routing/AwaitFirstPage';
import { pageErrors } from './app/routing/pageErrors';
import { isLazyRoute, lazyRoute } from './app/routing/lazyRoute';

/** Every page is its own lazily loaded module, so the entry holds only the frame. */
export const routes: RouteObject[] = [
  // Shown inside the bank's challenge frame or the PayPal window, so it goes without the site's frame.
  { path: 'checkout/payment-return', Component: lazyRoute(() => import('./features/payment/routes/PaymentReturnRoute')) },
  // The staff console: its own frame and chunks, outside the shop's layout, so no patient page loads its code (nor
  // its route table).
  { element: pageErrors, children: [{ path: 'clinic/*', Component: lazyRoute(() => import('./app/routing/ClinicRoutes')) }] },
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
          { path: 'who-prescribes', Component: lazyRoute(() => import('./features/prescribers/routes/WhoPrescribesRoute')) },
          { path: 'gp/letter/:token', Component: lazyRoute(() => import('./features/prescribers/routes/GpAnswerRoute')) },
          // The account area's pages, a table of their own, so no entry page carries their imports.
          { path: 'account/*', Component: lazyRoute(() => import('./app/routing/AccountRoutes')) },
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
