import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders a node inside a memory router (for links) and a fresh query client. */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  return renderRoute({ path: '*', Component: () => <>{ui}</> }, path);
}

/** Renders one route component at a URL, as the app's router would. */
export function renderRoute(route: { path: string; Component: ComponentType }, url: string) {
  const client = testQueryClient();
  const router = createMemoryRouter(
    [
      route,
      { path: '/n/:slug/quiz/:step', Component: () => <h1>Consultation</h1> },
      { path: '/account/health-actions', Component: () => <h1>My tasks</h1> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}

/** A fetch that answers JSON by URL; anything unmatched is a 404 in the API's error shape. */
export function mockFetch(routes: Record<string, { status?: number; body: unknown }>) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.split('?')[0]!;
    const match = routes[path];
    if (!match) {
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: `Nothing at ${path}` }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(JSON.stringify(match.body), {
      status: match.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}
