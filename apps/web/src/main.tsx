import './app/styles/fonts.css';
import './app/styles/tokens.css';
import './app/styles/base.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppRoot } from './app/AppRoot';
import { createQueryClient } from './app/queryClient';
import { readSsrData } from './app/ssrData';
import { holdInputUntilHydrated } from './lib/hydration';
import { yieldToBrowser } from './lib/yield-to-browser';
import { createRouter, loadRouteModules } from './router';
import { loadSanitizer, pageShowsSanitisedMarkup } from './ui/SafeHtml';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const ssrData = readSsrData(document);
const app = (router: ReturnType<typeof createRouter>) => (
  <AppRoot client={queryClient} quizFormReply={ssrData?.quizFormReply}>
    <RouterProvider router={router} />
  </AppRoot>
);

// Entry pages come rendered by the server (src/entry-server.tsx) with the data they were rendered with. Hydrating
// them needs that data in the cache and the page's code first, or the first render would be a loading frame rather
// than the page the HTML shows. (No top-level await: the route's code imports from this module, which must have
// finished running.)
if (container.firstElementChild) {
  if (ssrData) hydrate(queryClient, ssrData.queries);
  holdInputUntilHydrated(container);
  // Markup the server sanitised must be sanitised again in the first render, or that render would differ.
  const sanitiser = pageShowsSanitisedMarkup(document) ? loadSanitizer() : null;
  // Each step its own task: running the page's code, setting up the router (it reads session storage and matches
  // every route) and hydrating would otherwise be one long task on a slow phone. As a transition, hydration itself
  // yields to the browser every few milliseconds.
  void Promise.all([loadRouteModules(window.location.pathname), sanitiser])
    .catch(() => {})
    .then(yieldToBrowser)
    .then(() => {
      const router = createRouter();
      return yieldToBrowser().then(() => startTransition(() => void hydrateRoot(container, app(router))));
    });
} else {
  createRoot(container).render(app(createRouter()));
}
