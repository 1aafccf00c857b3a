import { screen, waitFor, within } from '@testing-library/react';
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
      if (url.endsWith('/default') && call.method === 'PATCH') return new Response(null, { status: 204 });
      if (url.startsWith('/shop-api/address-book/') && call.method === 'DELETE') {
        return json(409, { code: 'ADDRESS_IN_USE', message: 'This address is being used for an order in progress, so it cannot be deleted.' });
      }
      if (url === '/shop-api/address-lookup/ID11QD') {
        return json(200, {
          addresses: [
            { label: 'Kingsley Hall, 20 Powis Road, London, ID1 1QD', company: 'Kingsley Hall', street: '20 Powis Road', city: 'London', postcode: 'ID1 1QD' },
            { label: 'Flat 1, Kingsley Hall, 20 Powis Road, London, ID1 1QD', company: 'Flat 1, Kingsley Hall', street: '20 Powis Road', city: 'London', postcode: 'ID1 1QD' },
          ],
        });
      }
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
    // A restored address is shown in the fields at once, not behind the finder.
    expect(await screen.findByLabelText('Address line 1')).toHaveValue('2 Park Row');
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

  it('lists every saved address to choose from, and sends the second one with a different billing address', async () => {
    const work = { ...saved, id: 7, company: '2 Mill Yard', city: 'York', postcode: 'YO1 7HH', phoneNumber: '07700900456', isDefault: false };
    const calls = api([saved, work]);
    const onDone = vi.fn();
    renderWithProviders(<ShippingStep user={user} cartToken="tok-1" onDone={onDone} onNotice={() => {}} />);
    const list = await screen.findByRole('group', { name: 'Deliver to this address' });
    expect(within(list).getAllByRole('radio')).toHaveLength(2);
    expect(within(list).getByRole('radio', { name: /1 High Street/ })).toBeChecked();
    await userEvent.click(within(list).getByRole('radio', { name: /2 Mill Yard/ }));
    const billing = screen.getByRole('group', { name: 'Billing address' });
    expect(within(billing).getByRole('checkbox', { name: 'Same as delivery address' })).toBeChecked();
    await userEvent.click(within(billing).getByRole('checkbox', { name: 'Same as delivery address' }));
    await userEvent.click(within(billing).getByRole('button', { name: 'Enter billing address manually' }));
    // An empty billing form stops the step and names each field.
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(within(billing).getByLabelText('Address line 1')).toHaveAccessibleDescription('Required');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await userEvent.type(within(billing).getByLabelText('Address line 1'), '9 Bank Row');
    await userEvent.type(within(billing).getByLabelText('Town or city'), 'Hull');
    await userEvent.type(within(billing).getByLabelText('Postcode'), 'HU1 1AA');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(work));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      shippingAddress: { firstName: 'Alex', lastName: 'Smith', company: '2 Mill Yard', street: '', city: 'York', postcode: 'YO1 7HH', countryCode: 'GB', phoneNumber: '07700900456' },
      billingAddress: { firstName: 'Alex', lastName: 'Smith', company: '9 Bank Row', street: '', city: 'Hull', postcode: 'HU1 1AA', countryCode: 'GB' },
    });
  });

  it('asks before deleting, and says why an address an order still uses stays', async () => {
    const calls = api([saved]);
    renderWithProviders(<ShippingStep user={user} cartToken="tok-1" onDone={() => {}} onNotice={() => {}} />);
    await screen.findByRole('group', { name: 'Deliver to this address' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete 1 High Street, Leeds, LS1 4AP' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This address is being used for an order in progress, so it cannot be deleted.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/shop-api/address-book/4']);
  });

  it("says 'No addresses' and asks for a phone number of at least 9 characters for a new address", async () => {
    api([]);
    renderWithProviders(<ShippingStep user={{ ...user, phoneNumber: '' }} cartToken="tok-1" onDone={() => {}} onNotice={() => {}} />);
    expect(await screen.findByText('No addresses')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enter address manually' }));
    await userEvent.type(screen.getByLabelText('Phone number'), '12345678');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(/Required/);
  });

  it('in the account, makes the chosen address the default (no order to put it on)', async () => {
    const work = { ...saved, id: 7, company: '2 Mill Yard', isDefault: false };
    const calls = api([saved, work]);
    const onDone = vi.fn();
    renderWithProviders(<ShippingStep user={user} submitLabel="Save address" onDone={onDone} onNotice={() => {}} />);
    await userEvent.click(await screen.findByRole('radio', { name: /2 Mill Yard/ }));
    expect(screen.queryByRole('group', { name: 'Billing address' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(work));
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`)).toEqual(['PATCH /shop-api/address-book/7/default']);
  });

  it('keeps the space typed in the postcode, and moves through the addresses found with the arrow keys, choosing only on Enter', async () => {
    api([]);
    renderWithProviders(<ShippingStep user={user} cartToken="tok-1" onDone={() => {}} onNotice={() => {}} />);
    await userEvent.type(await screen.findByLabelText('Postcode'), 'id1 1qd');
    expect(screen.getByLabelText('Postcode')).toHaveValue('ID1 1QD');
    await userEvent.click(screen.getByRole('button', { name: 'Find address' }));
    const list = await screen.findByRole('listbox', { name: 'Select your address' });
    expect(list).toHaveAccessibleDescription('2 addresses found');
    list.focus();
    await userEvent.keyboard('{ArrowDown}');
    // Moving is not choosing: the list, and the focus on it, stay.
    expect(screen.getByRole('listbox', { name: 'Select your address' })).toHaveFocus();
    expect(within(list).getByRole('option', { name: /^Flat 1, Kingsley Hall/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByLabelText('Address line 1')).not.toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('Address line 1')).toHaveValue('Flat 1, Kingsley Hall');
    expect(screen.getByLabelText('Address line 2 (optional)')).toHaveValue('20 Powis Road');
  });

  it('keeps the new address in this tab as it is typed (userAddress), and shows a restored one in the fields', async () => {
    api([]);
    const first = renderWithProviders(<ShippingStep user={user} cartToken="tok-1" onDone={() => {}} onNotice={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Enter address manually' }));
    await userEvent.type(screen.getByLabelText('Address line 1'), '2 Park Row');
    await userEvent.type(screen.getByLabelText('Address line 2 (optional)'), 'Headingley');
    expect(JSON.parse(window.sessionStorage.getItem('userAddress')!)).toMatchObject({ company: '2 Park Row', street: 'Headingley', countryCode: 'GB' });
    first.unmount();

    renderWithProviders(<ShippingStep user={user} cartToken="tok-1" onDone={() => {}} onNotice={() => {}} />);
    expect(await screen.findByLabelText('Address line 1')).toHaveValue('2 Park Row');
    expect(screen.getByLabelText('Address line 2 (optional)')).toHaveValue('Headingley');
  });
});
