import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@elmwood/domain';
import { renderWithProviders } from '../../../test/render';
import { ShippingStep } from './ShippingStep';

const user: User = {
  uid: 'u-1',
  firstName: 'Alex',
  lastName: 'Smith',
  email: 'alex@example.com',
  phoneNumber: '07700900123',
  birthday: '1980-01-01',
  customerBalance: 0,
  hasAcceptedUnlicensedProductDisclaimer: false,
};
const saved = { id: 4, firstName: 'Alex', lastName: 'Smith', company: '1 High Street', street: '', city: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB', phoneNumber: null, isDefault: true };

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The API at the network boundary: the address book (`book`), saving to it, and the cart's address. */
function api(book: unknown[], cartStatus = 200) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/shop-api/address-book' && call.method === 'GET') return json(200, book);
      if (url === '/shop-api/address-book') return json(201, { ...(call.body as object), id: 5, street: '', phoneNumber: null, isDefault: true });
      if (url === '/shop-api/checkout/tok-1/address') {
        return cartStatus === 200 ? json(200, { tokenValue: 'tok-1' }) : json(cartStatus, { code: 'NOT_FOUND', message: 'We could not find that cart.' });
      }
      return json(404, { code: 'NOT_FOUND', message: 'Nothing here' });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('ShippingStep', () => {
  it('puts the chosen saved address on the order before going on to payment', async () => {
    const calls = api([saved]);
    const onDone = vi.fn();
    renderWithProviders(<ShippingStep user={user} cartToken="tok-1" onDone={onDone} onNotice={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/shop-api/checkout/tok-1/address',
        body: { shippingAddress: { firstName: 'Alex', lastName: 'Smith', company: '1 High Street', street: '', city: 'Leeds', postcode: 'LS1 4AP', countryCode: 'GB' } },
      },
    ]);
  });

  it('saves a typed address to the address book, then to the order; a session-stored draft comes back with countryCode GB', async () => {
    window.sessionStorage.setItem('userAddress', JSON.stringify({ firstName: 'Sam', lastName: 'Jones', company: '2 Park Row', city: 'Leeds', postcode: 'LS1 5AB' }));
    const calls = api([]);
    const onDone = vi.fn();
    renderWithProviders(<ShippingStep user={user} cartToken="tok-1" onDone={onDone} onNotice={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Enter address manually' }));
    expect(screen.getByLabelText('Address line 1')).toHaveValue('2 Park Row');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /shop-api/address-book', 'PUT /shop-api/checkout/tok-1/address']);
    expect(writes[0]!.body).toMatchObject({ company: '2 Park Row', countryCode: 'GB' });
    expect(writes[1]!.body).toEqual({
      shippingAddress: { firstName: 'Sam', lastName: 'Jones', company: '2 Park Row', street: '', city: 'Leeds', postcode: 'LS1 5AB', countryCode: 'GB' },
    });
  });

  it('says so, and stays, when the order cannot take the address', async () => {
    api([saved], 404);
    const onDone = vi.fn();
    renderWithProviders(<ShippingStep user={user} cartToken="tok-1" onDone={onDone} onNotice={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find that cart.');
    expect(onDone).not.toHaveBeenCalled();
  });
});
