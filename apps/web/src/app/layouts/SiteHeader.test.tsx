import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/render';
import { SiteHeader } from './SiteHeader';

afterEach(() => vi.unstubAllGlobals());

describe('SiteHeader', () => {
  it("offers a visitor 'Log in'", async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/me': { status: 401, body: { code: 'UNAUTHORIZED', message: 'Log in' } } }));
    renderWithProviders(<SiteHeader />);
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
  });

  it("offers a signed-in patient 'My account'", async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/me': { body: { uid: 'u1', firstName: 'Alex', lastName: 'Doe', email: 'alex@example.com' } } }));
    renderWithProviders(<SiteHeader />);
    expect(await screen.findByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account/home');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
