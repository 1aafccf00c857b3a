import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePaymentApi, makeCart, renderPaymentStep } from '../test/fakePaymentApi';
import type { GooglePayDataRequest } from '../wallets';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as { google?: unknown }).google;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

const googleToken = { protocolVersion: 'ECv2', signature: 'MEUCIQ', signedMessage: '{"encryptedMessage":"x"}' };

function fakeGooglePay({ ready = true, paymentMethodPresent = true, load }: { ready?: boolean; paymentMethodPresent?: boolean; load?: () => Promise<unknown> } = {}) {
  const requests: GooglePayDataRequest[] = [];
  const environments: string[] = [];
  const readiness: boolean[] = [];
  class PaymentsClient {
    constructor({ environment }: { environment: string }) {
      environments.push(environment);
    }
    isReadyToPay = async () => {
      readiness.push(ready && paymentMethodPresent);
      return { result: ready, paymentMethodPresent };
    };
    loadPaymentData = async (request: GooglePayDataRequest) => {
      requests.push(request);
      return load ? load() : { paymentMethodData: { tokenizationData: { token: JSON.stringify(googleToken) } } };
    };
  }
  (window as { google?: unknown }).google = { payments: { api: { PaymentsClient } } };
  return { requests, environments, readiness };
}

describe('Google Pay', () => {
  it('loads Google’s pay.js on the payment step, and shows the button once it is loaded and ready to pay', async () => {
    fakePaymentApi();
    renderPaymentStep();
    await screen.findByRole('button', { name: 'Place order' });
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src="https://pay.google.com/gp/p/js/pay.js"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(screen.queryByRole('button', { name: 'Pay with Google Pay' })).not.toBeInTheDocument();
    const google = fakeGooglePay();
    script.dispatchEvent(new Event('load'));
    expect(await screen.findByRole('button', { name: 'Pay with Google Pay' })).toBeVisible();
    expect(google.readiness).toEqual([true]);
  });

  it('stays hidden without Google’s client on the page', async () => {
    fakePaymentApi();
    renderPaymentStep();
    await screen.findByRole('button', { name: 'Place order' });
    expect(screen.queryByRole('button', { name: 'Pay with Google Pay' })).not.toBeInTheDocument();
  });

  it.each([
    [{ ready: false }],
    [{ paymentMethodPresent: false }],
  ])('stays hidden unless ready to pay with a payment method (%j)', async (options) => {
    const google = fakeGooglePay(options);
    fakePaymentApi();
    renderPaymentStep();
    await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(google.readiness).toEqual([false]));
    expect(screen.queryByRole('button', { name: 'Pay with Google Pay' })).not.toBeInTheDocument();
  });

  it('asks for the total with the spec’s auth methods, tokenises with the provider and places the order', async () => {
    const google = fakeGooglePay();
    const api = fakePaymentApi({ 'POST /sandbox-gateway/tokens': { status: 201, body: { type: 'googlepay', token: 'tok_gp_1', expires_on: '' } } });
    const user = userEvent.setup();
    renderPaymentStep(makeCart(4599));
    await user.click(await screen.findByRole('button', { name: 'Pay with Google Pay' }));
    expect(await screen.findByRole('heading', { name: 'Thank-you page weight-loss 000123' })).toBeInTheDocument();

    expect(google.environments).toEqual(['TEST']);
    const [request] = google.requests;
    expect(request!.allowedPaymentMethods[0]!.parameters).toEqual({
      allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      allowedCardNetworks: ['AMEX', 'MASTERCARD', 'VISA'],
    });
    expect(request!.allowedPaymentMethods[0]!.tokenizationSpecification).toEqual({
      type: 'PAYMENT_GATEWAY',
      parameters: { gateway: 'checkoutltd', gatewayMerchantId: 'pk_sbx_test' },
    });
    expect(request!.transactionInfo).toEqual({ totalPriceStatus: 'FINAL', totalPrice: '45.99', currencyCode: 'GBP', countryCode: 'GB' });
    expect(api.to('POST', '/sandbox-gateway/tokens')[0]!.body).toEqual({ type: 'googlepay', token_data: googleToken });
    expect(api.to('POST', '/shop-api/checkout/cart-1/complete')[0]!.body).toEqual({ mode: 'GOOGLEPAY', token: 'tok_gp_1' });
  });

  it('a closed sheet is only logged', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    fakeGooglePay({ load: () => Promise.reject(Object.assign(new Error('closed'), { statusCode: 'CANCELED' })) });
    const api = fakePaymentApi();
    const user = userEvent.setup();
    renderPaymentStep();
    const button = await screen.findByRole('button', { name: 'Pay with Google Pay' });
    await user.click(button);
    await waitFor(() => expect(info).toHaveBeenCalled());
    expect(button).toBeEnabled();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(api.to('POST', '/shop-api/checkout/cart-1/complete')).toHaveLength(0);
  });
});
