import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render';
import { CHECK_NOT_FINISHED, Component } from './BillingMethodRoute';

const config = { gateway: 'sandbox', tokensUrl: '/sandbox-gateway/tokens', publicKey: 'pk_sbx_test', applePay: null, googlePay: null, paypal: true };
const visa = { id: 7, type: 'checkout_card', details: { brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2030 }, isDefault: true };

/** The bank asks for 3-D Secure: the save answers 202 with the challenge; each confirm answers the next reply. */
const challenge = { status: 'action_required', action: '3ds', url: '/sandbox-gateway/challenge/pay_1', verification: 'pay_1.sig' };

function stubApi({ confirmReplies = [] as [number, unknown][] } = {}) {
  const calls: { path: string; headers: Record<string, string>; body: unknown }[] = [];
  let saved = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'POST') calls.push({ path, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
    if (path === '/shop-api/payment/config') return json(200, config);
    if (path === '/sandbox-gateway/tokens') return json(201, { type: 'card', token: 'tok_sbx_1', last4: '4242' });
    if (path === '/shop-api/me/payment-tokens' && init?.method === 'POST') {
      if (confirmReplies.length > 0) return json(202, challenge);
      saved = true;
      return json(201, visa);
    }
    if (path === '/shop-api/me/payment-tokens/confirm') {
      const [status, body] = confirmReplies.shift()!;
      saved = status === 201;
      return json(status, body);
    }
    if (path === '/shop-api/me/payment-tokens') return json(200, saved ? [visa] : []);
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('BillingMethodRoute', () => {
  it('checks the card, tokenises it at the provider, and saves only the token as the default', async () => {
    const calls = stubApi();
    renderRoute({ path: '/account/details/change/billing-method', Component }, '/account/details/change/billing-method');
    expect(await screen.findByText('You have no saved cards.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(screen.getByLabelText('Name on card').closest('.field')).toHaveTextContent('Required');

    await userEvent.type(screen.getByLabelText('Name on card'), 'Alex Smith');
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4241');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await userEvent.type(screen.getByLabelText('Security code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(screen.getByText('Please enter valid card details')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Card number'));
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your new card is saved. We will use it for your next payments.')).toBeInTheDocument();
    expect(await screen.findByText(/Visa ending 4242/)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      path: '/sandbox-gateway/tokens',
      headers: { Authorization: 'pk_sbx_test' },
      body: { type: 'card', number: '4242424242424242', expiry_month: 12, expiry_year: 2030, cvv: '123', name: 'Alex Smith' },
    });
    expect(calls[1]).toEqual({ path: '/shop-api/me/payment-tokens', headers: expect.any(Object), body: { token: 'tok_sbx_1' } });
  });

  it("shows the bank's check in a frame and saves the card only once the gateway says it passed", async () => {
    const pending = { code: 'CARD_VERIFICATION_PENDING', message: 'The bank has not finished checking this card yet.' };
    const calls = stubApi({ confirmReplies: [[409, pending], [201, visa]] });
    renderRoute({ path: '/account/details/change/billing-method', Component }, '/account/details/change/billing-method');
    expect(await screen.findByText('You have no saved cards.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name on card'), 'Alex Smith');
    await userEvent.type(screen.getByLabelText('Card number'), '4000 0000 0000 3220');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await userEvent.type(screen.getByLabelText('Security code'), '123');

    // Closed before the bank is done: not saved, and the patient is told why.
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(dialog.querySelector('iframe')).toHaveAttribute('src', challenge.url);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel payment confirmation' }));
    expect(await screen.findByText(CHECK_NOT_FINISHED)).toBeInTheDocument();
    expect(screen.queryByText('Your new card is saved. We will use it for your next payments.')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await screen.findByRole('dialog', { name: 'Confirm your payment' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel payment confirmation' }));
    expect(await screen.findByText('Your new card is saved. We will use it for your next payments.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/shop-api/me/payment-tokens/confirm').map((call) => call.body)).toEqual([
      { verification: 'pay_1.sig' },
      { verification: 'pay_1.sig' },
    ]);
  });
});
