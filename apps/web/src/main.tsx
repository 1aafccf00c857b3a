import '@fontsource-variable/inter';
import './app/styles/tokens.css';
import './app/styles/base.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { createRouter, loadRouteModules } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
const app = (router: ReturnType<typeof createRouter>) => (
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// Some entry pages come already rendered (src/prerender.tsx). Hydrating them needs the page's code first, or
// the router's first render would be the loading frame rather than the page the HTML shows. (No top-level
// await: the route's code imports from this module, which must have finished running.)
if (container.firstElementChild) {
  void loadRouteModules(window.location.pathname)
    .catch(() => {})
    .then(() => hydrateRoot(container, app(createRouter())));
} else {
  createRoot(container).render(app(createRouter()));
}
