import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePaymentApi, makeCart, renderPaymentStep } from '../test/fakePaymentApi';
import type { ApplePayPaymentRequest, ApplePaySessionInstance } from '../wallets';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { ApplePaySession?: unknown }).ApplePaySession;
});

const paymentData = { version: 'EC_v1', data: 'ZW5jcnlwdGVk', signature: 'c2ln', header: { ephemeralPublicKey: 'a2V5', publicKeyHash: 'aGFzaA==', transactionId: 'abc' } };

/** Safari's ApplePaySession as far as the shop uses it; each session made is kept to drive. */
function fakeApplePay({ activeCard = false } = {}) {
  const sessions: { version: number; request: ApplePayPaymentRequest; session: ApplePaySessionInstance & { completed: unknown[]; begun: boolean } }[] = [];
  class FakeSession {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static canMakePayments = () => true;
    static canMakePaymentsWithActiveCard = async () => activeCard;
    onvalidatemerchant: ApplePaySessionInstance['onvalidatemerchant'] = null;
    onpaymentauthorized: ApplePaySessionInstance['onpaymentauthorized'] = null;
    oncancel: ApplePaySessionInstance['oncancel'] = null;
    completed: unknown[] = [];
    merchantSession: unknown = null;
    begun = false;
    aborted = false;
    constructor(version: number, request: ApplePayPaymentRequest) {
      sessions.push({ version, request, session: this as unknown as ApplePaySessionInstance & { completed: unknown[]; begun: boolean } });
    }
    begin() {
      this.begun = true;
    }
    abort() {
      this.aborted = true;
    }
    completeMerchantValidation(session: unknown) {
      this.merchantSession = session;
    }
    completePayment(result: unknown) {
      this.completed.push(result);
    }
  }
  (window as { ApplePaySession?: unknown }).ApplePaySession = FakeSession;
  return sessions;
}

describe('Apple Pay', () => {
  it('stays hidden in a browser without ApplePaySession', async () => {
    fakePaymentApi();
    renderPaymentStep();
    await screen.findByRole('button', { name: 'Place order' });
    expect(screen.queryByRole('button', { name: 'Pay with Apple Pay' })).not.toBeInTheDocument();
  });

  it('is the default with an active card: the sheet uses the spec constants, the merchant is validated, the token paid with', async () => {
    const sessions = fakeApplePay({ activeCard: true });
    const api = fakePaymentApi({
      'POST /shop-api/applepay/validate-session': { status: 200, body: { merchantSessionIdentifier: 'ms_1' } },
      'POST /sandbox-gateway/tokens': { status: 201, body: { type: 'applepay', token: 'tok_ap_1', expires_on: '' } },
    });
    const user = userEvent.setup();
    renderPaymentStep(makeCart(19950));
    const button = await screen.findByRole('button', { name: 'Pay with Apple Pay' });
    // Apple Pay is the mode, so there is no separate order button to confuse.
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toBeDisabled();

    const [{ version, request, session }] = sessions as [(typeof sessions)[number]];
    expect(version).toBe(6);
    expect(request).toEqual({
      countryCode: 'GB',
      currencyCode: 'GBP',
      supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
      merchantCapabilities: ['supports3DS'],
      total: { label: 'Elmwood Health', amount: '199.50' },
      shippingMethods: [{ label: '1-2 business days after prescription approval', detail: 'Free delivery', amount: '0.00', identifier: 'free' }],
    });
    expect(session.begun).toBe(true);

    act(() => session.onvalidatemerchant!({ validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' }));
    await waitFor(() => expect(api.to('POST', '/shop-api/applepay/validate-session')).toHaveLength(1));
    const [validation] = api.to('POST', '/shop-api/applepay/validate-session');
    expect(validation!.search).toBe('?applePayMerchantIdentifier=merchant.health.elmwood');
    expect(validation!.body).toEqual({ appleUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domainName: 'localhost' });

    act(() => session.onpaymentauthorized!({ payment: { token: { paymentData } } }));
    expect(await screen.findByRole('heading', { name: 'Thank-you page weight-loss 000123' })).toBeInTheDocument();
    expect(api.to('POST', '/sandbox-gateway/tokens')[0]!.body).toEqual({ type: 'applepay', token_data: paymentData });
    expect(api.to('POST', '/shop-api/checkout/cart-1/complete')[0]!.body).toEqual({ mode: 'APPLEPAY', token: 'tok_ap_1' });
    expect(session.completed).toEqual([{ status: 0 }]);
  });

  it('cancelling enables the button again and says so', async () => {
    const sessions = fakeApplePay();
    fakePaymentApi();
    const user = userEvent.setup();
    renderPaymentStep();
    const button = await screen.findByRole('button', { name: 'Pay with Apple Pay' });
    // Without an active card the new-card form is the default and Apple Pay an extra.
    expect(screen.getByRole('button', { name: 'Place order' })).toBeInTheDocument();
    await user.click(button);
    act(() => sessions[0]!.session.oncancel!({}));
    expect(await screen.findByText('Payment Cancelled')).toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it('a failed merchant validation aborts the sheet with an invalid-token message', async () => {
    const sessions = fakeApplePay();
    fakePaymentApi({ 'POST /shop-api/applepay/validate-session': { status: 422, body: { code: 'INVALID_PAYMENT_TOKEN', message: 'Invalid payment token' } } });
    const user = userEvent.setup();
    renderPaymentStep();
    await user.click(await screen.findByRole('button', { name: 'Pay with Apple Pay' }));
    act(() => sessions[0]!.session.onvalidatemerchant!({ validationURL: 'https://apple.example/start' }));
    expect(await screen.findByText('Invalid payment token')).toBeInTheDocument();
    expect((sessions[0]!.session as unknown as { aborted: boolean }).aborted).toBe(true);
  });

  it('is built afresh when the subtotal changes', async () => {
    const sessions = fakeApplePay();
    fakePaymentApi();
    const user = userEvent.setup();
    const view = renderPaymentStep(makeCart(10000));
    await user.click(await screen.findByRole('button', { name: 'Pay with Apple Pay' }));
    act(() => sessions[0]!.session.oncancel!({}));
    expect(await screen.findByText('Payment Cancelled')).toBeInTheDocument();
    view.unmount();
    renderPaymentStep(makeCart(12000));
    await user.click(await screen.findByRole('button', { name: 'Pay with Apple Pay' }));
    expect(sessions[1]!.request.total.amount).toBe('120.00');
  });
});
