import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/queryClient';
import { PROGRAMMES } from './features/recommendations';
import { routes } from './router';

/**
 * Entry pages whose first render owes nothing to data or to the visitor: the build renders them to HTML
 * (scripts/prerender.mjs), the server sends that inside #root, and main.tsx hydrates it. What the data
 * fills in shows its loading state in the HTML, exactly as the app's own first render does.
 */
export const PRERENDERED_PATHS: readonly string[] = ['/', ...Object.keys(PROGRAMMES).map((slug) => `/n/${slug}/recommendations`)];

export async function prerender(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect, which cannot be pre-rendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const html = renderToString(
    <StrictMode>
      <AppProviders client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  // The pending queries' garbage-collection timers would otherwise hold the build open for minutes.
  queryClient.clear();
  return html;
}
