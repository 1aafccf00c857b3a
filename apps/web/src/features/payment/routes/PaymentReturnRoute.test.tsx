import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render';
import { Component as PaymentReturnRoute } from './PaymentReturnRoute';

afterEach(() => vi.unstubAllGlobals());

describe('payment return page', () => {
  it('says the payment is finishing and, inside the checkout’s frame, leaves confirming to the checkout', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(window, 'parent', 'get').mockReturnValue({} as Window);
    renderRoute({ path: '/checkout/payment-return', Component: PaymentReturnRoute }, '/checkout/payment-return?order=000123');
    expect(screen.getByRole('status')).toHaveTextContent('Finishing your payment…');
    expect(fetch).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('reached on its own, confirms the order and says what went wrong', async () => {
    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ code: 'PAYMENT_DECLINED', message: 'Your bank did not confirm the payment.' }), { status: 402 }),
    );
    renderRoute({ path: '/checkout/payment-return', Component: PaymentReturnRoute }, '/checkout/payment-return?order=000123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your bank did not confirm the payment.');
  });
});
