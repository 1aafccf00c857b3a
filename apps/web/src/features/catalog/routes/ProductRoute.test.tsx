import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWegovy } from '../../../test/fixtures';
import { mockFetch, renderRoute } from '../../../test/render';
import { Component as ProductRoute } from './ProductRoute';

const route = { path: '/products/:slug', Component: ProductRoute };

afterEach(() => vi.unstubAllGlobals());

describe('product page', () => {
  it('shows a prescription-only medicine\'s doses and prices as information, with no dose to choose, and one action: the consultation', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/products/by-slug/wegovy': { body: makeWegovy() } }));
    renderRoute(route, '/products/wegovy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Wegovy' })).toBeInTheDocument();
    expect(document.title).toBe('Wegovy | Elmwood Health');
    expect(screen.getByText('Once-weekly weight-loss injection')).toBeInTheDocument();
    expect(screen.getByText(/A UK clinician must approve it for you first/)).toBeInTheDocument();

    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Choose a dose' })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Doses and prices' });
    const halfMilligram = within(table).getByRole('row', { name: /^0\.5 mg/ });
    expect(halfMilligram).toHaveTextContent('£159.00 a month');
    expect(halfMilligram).toHaveTextContent('£159.00 a month (£477.00 every 3 months)');
    expect(halfMilligram).toHaveTextContent('£179.00');
    expect(within(table).getByRole('row', { name: /^1 mg/ })).toHaveTextContent('£199.00 a month');

    expect(screen.getByRole('link', { name: 'Start your consultation' })).toHaveAttribute('href', '/n/weight-loss/quiz/1');
    expect(screen.queryByRole('button', { name: /Add to basket/ })).not.toBeInTheDocument();
  });

  it("says it couldn't find an unknown treatment, without throwing", async () => {
    vi.stubGlobal('fetch', mockFetch({}));
    renderRoute(route, '/products/no-such-thing');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that treatment" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all treatments' })).toHaveAttribute('href', '/');
  });

  it('does not ask the API about a slug that cannot exist', async () => {
    const fetch = vi.fn(mockFetch({}));
    vi.stubGlobal('fetch', fetch);
    renderRoute(route, '/products/Not%20A%20Slug');
    expect(await screen.findByText("We couldn't find that treatment")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says 'Loading...', then 'Taking a long time...' with Retry when the answer is slow", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
      renderRoute(route, '/products/wegovy');
      expect(await screen.findByText('Loading...')).toBeInTheDocument();
      expect(document.title).toBe('Loading treatment | Elmwood Health');
      act(() => vi.advanceTimersByTime(8000));
      expect(await screen.findByText('Taking a long time...')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows 'Error!' with Retry when the API fails, and recovers on Retry", async () => {
    let fail = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
      fail
        ? new Response(JSON.stringify({ code: 'INTERNAL', message: 'boom' }), { status: 500 })
        : mockFetch({ '/shop-api/products/by-slug/wegovy': { body: makeWegovy() } })(input),
    );
    renderRoute(route, '/products/wegovy');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error!');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wegovy' })).toBeInTheDocument();
  });
});
