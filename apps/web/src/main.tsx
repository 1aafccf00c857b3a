import './app/styles/fonts.css';
import './app/styles/tokens.css';
import './app/styles/base.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { createQueryClient } from './app/queryClient';
import { TransitionBrowserRouter } from './app/routing/TransitionBrowserRouter';
import { readSsrData } from './app/ssrData';
import { holdInputUntilHydrated } from './lib/hydration';
import { yieldToBrowser } from './lib/yield-to-browser';
import { AppRoutes, loadRouteModules } from './router';
import { adoptServerSanitised } from './ui/SafeHtml';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const ssrData = readSsrData(document);
const app = (
  <AppRoot client={queryClient} quizFormReply={ssrData?.quizFormReply}>
    <TransitionBrowserRouter>
      <AppRoutes />
    </TransitionBrowserRouter>
  </AppRoot>
);

// Entry pages come rendered by the server (src/entry-server.tsx) with the data they were rendered with. Hydrating
// them needs that data in the cache and the page's code first, or the first render would be a loading frame rather
// than the page the HTML shows. (No top-level await: the route's code imports from this module, which must have
// finished running.)
if (container.firstElementChild) {
  if (ssrData) {
    hydrate(queryClient, ssrData.queries);
    // The markup the server sanitised, as it sent it: the first render shows the same without the sanitiser.
    adoptServerSanitised(ssrData.sanitised);
  }
  holdInputUntilHydrated(container);
  // Each step its own task: running the page's code and hydrating would otherwise be one long task on a slow phone.
  // As a transition, hydration itself yields to the browser every few milliseconds.
  void loadRouteModules(window.location.pathname)
    .catch(() => {})
    .then(yieldToBrowser)
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}
