import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/render';
import { renderApp } from '../../test/renderApp';

afterEach(() => vi.unstubAllGlobals());

describe('the account area', () => {
  it('sends a visitor to login, saying why and where they will return', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/me': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Please log in.' } } }));
    const app = renderApp('/account/health-actions?from=email');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(app.location().search).toBe(`?next=${encodeURIComponent('/account/health-actions?from=email')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('You need to log in to view this page');
  });

  it('shows a signed-in patient the page, under the account menu', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        '/shop-api/me': { body: { uid: 'u1', firstName: 'Alex', lastName: 'Smith', email: 'alex@example.com' } },
        '/shop-api/tasks': { body: [] },
      }),
    );
    renderApp('/account/health-actions');
    expect(await screen.findByRole('heading', { level: 1, name: 'My tasks' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your account' })).toHaveAttribute('href', '/account/home');
  });

  it('logs out straight to the home page, without passing through the login page', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        '/shop-api/me': { body: { uid: 'u1', firstName: 'Alex', lastName: 'Smith', email: 'alex@example.com' } },
        '/shop-api/tasks': { body: [] },
        '/shop-api/logout': { body: {} },
      }),
    );
    const app = renderApp('/account/health-actions');
    // Once the page has settled: the header is rendered again as the lazy route arrives.
    expect(await screen.findByRole('heading', { level: 1, name: 'My tasks' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    expect(app.visited.map((location) => location.pathname)).not.toContain('/login');
  });
});
