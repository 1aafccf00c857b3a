import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { StockNotification } from './StockNotification';

afterEach(() => vi.unstubAllGlobals());

const bodyOf = (fetchMock: ReturnType<typeof vi.fn>, path: string) => {
  const call = fetchMock.mock.calls.find(([url]) => String(url) === path) as [string, RequestInit] | undefined;
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

describe('StockNotification', () => {
  it('checks the email with the shared rule, then confirms the sign-up in the spec words', async () => {
    const fetchMock = vi.fn(mockFetch({ '/shop-api/stock_notifications': { status: 201, body: { email: 'sam@example.com', product: 'OZEMPIC' } } }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<StockNotification productCode="OZEMPIC" productName="Ozempic" />);
    expect(screen.getByRole('heading', { name: 'Ozempic is out of stock' })).toBeInTheDocument();

    const email = screen.getByLabelText('Email address');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Invalid email'));
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Invalid email');
    expect(bodyOf(fetchMock, '/shop-api/stock_notifications')).toBeUndefined();

    await userEvent.clear(email);
    await userEvent.type(email, '  sam@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You have signed up for Ozempic stock notifications'));
    expect(bodyOf(fetchMock, '/shop-api/stock_notifications')).toEqual({ email: 'sam@example.com', product: 'OZEMPIC' });
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
  });

  it("takes the signed-in patient's email", async () => {
    const fetchMock = vi.fn(
      mockFetch({
        '/shop-api/me': { body: { uid: 'u1', email: 'alex@example.com', firstName: 'Alex', lastName: 'Smith' } },
        '/shop-api/stock_notifications': { status: 201, body: {} },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<StockNotification productCode="OZEMPIC" productName="Ozempic" />);
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveValue('alex@example.com'));
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You have signed up for Ozempic stock notifications'));
    expect(bodyOf(fetchMock, '/shop-api/stock_notifications')).toEqual({ email: 'alex@example.com', product: 'OZEMPIC' });
  });

  it("shows the server's message when the sign-up fails, and keeps the form", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(mockFetch({ '/shop-api/stock_notifications': { status: 429, body: { code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in a minute.' } } })),
    );
    renderWithProviders(<StockNotification productCode="OZEMPIC" productName="Ozempic" />);
    await userEvent.type(screen.getByLabelText('Email address'), 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Too many attempts. Please try again in a minute.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeEnabled();
  });
});
