import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DECLINE_MESSAGES } from '@elmwood/domain';
import { DEVICE_FINGERPRINT_KEY } from '../fingerprint';
import { fakePaymentApi, makeCart, placed, renderPaymentStep, visaCard } from '../test/fakePaymentApi';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242') {
  await user.type(await screen.findByLabelText('Name on card'), 'Sam Taylor');
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '12/30');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
}

describe('paying with a new card', () => {
  it('reads as unavailable until the card form is valid, stays focusable, and pressed says why without placing anything', async () => {
    const api = fakePaymentApi();
    const user = userEvent.setup();
    renderPaymentStep();
    const button = await screen.findByRole('button', { name: 'Place order' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    button.focus();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in your card details above, then place your order.');
    expect(button).toHaveAccessibleDescription('Please fill in your card details above, then place your order.');
    expect(api.to('POST', '/sandbox-gateway/tokens')).toHaveLength(0);
    expect(api.to('POST', '/shop-api/checkout/cart-1/complete')).toHaveLength(0);

    await fillCard(user);
    expect(screen.getByRole('button', { name: 'Place order' })).not.toHaveAttribute('aria-disabled');
  });

  it('asks for valid details after an attempted submit, without calling anyone', async () => {
    const api = fakePaymentApi();
    const user = userEvent.setup();
    renderPaymentStep();
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Please enter valid card details')).toBeInTheDocument();
    expect(screen.getByLabelText('Name on card')).toHaveAccessibleDescription('Required');
    expect(api.to('POST', '/sandbox-gateway/tokens')).toHaveLength(0);
    expect(api.to('POST', '/shop-api/checkout/cart-1/complete')).toHaveLength(0);
  });

  it('sends the card only to the provider, places the order with its token and opens the thank-you page', async () => {
    window.localStorage.setItem('cartToken', 'cart-1');
    const api = fakePaymentApi();
    const user = userEvent.setup();
    renderPaymentStep();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { name: 'Thank-you page weight-loss 000123' })).toBeInTheDocument();
    const [tokenCall] = api.to('POST', '/sandbox-gateway/tokens');
    expect(tokenCall!.headers.Authorization).toBe('pk_sbx_test');
    expect(tokenCall!.body).toEqual({ type: 'card', number: '4242424242424242', expiry_month: 12, expiry_year: 2030, cvv: '123', name: 'Sam Taylor' });
    const [complete] = api.to('POST', '/shop-api/checkout/cart-1/complete');
    expect(complete!.body).toEqual({ mode: 'NEW_CARD', token: 'tok_sbx_1' });
    expect(complete!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const shopCalls = api.calls.filter((call) => call.path.startsWith('/shop-api'));
    expect(JSON.stringify(shopCalls)).not.toContain('4242424242424242');
    expect(window.localStorage.getItem('cartToken')).toBeNull();
  });

  it('shows a refused card as invalid details under the form', async () => {
    fakePaymentApi({
      'POST /sandbox-gateway/tokens': { status: 422, body: { request_id: 'r', error_type: 'request_invalid', error_codes: ['card_expired'] } },
    });
    const user = userEvent.setup();
    renderPaymentStep();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Please enter valid card details')).toBeInTheDocument();
  });

  it('refuses to place the order when the provider gives no token', async () => {
    const api = fakePaymentApi({ 'POST /sandbox-gateway/tokens': { status: 201, body: { type: 'card' } } });
    const user = userEvent.setup();
    renderPaymentStep();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid payment token'));
    expect(api.to('POST', '/shop-api/checkout/cart-1/complete')).toHaveLength(0);
  });

  it('a decline shows the server message, clears the device fingerprint, and the retry is a new attempt', async () => {
    window.sessionStorage.setItem(DEVICE_FINGERPRINT_KEY, 'dsid_1');
    const api = fakePaymentApi({
      'POST /shop-api/checkout/cart-1/complete': [
        { status: 402, body: { code: 'PAYMENT_DECLINED', message: 'Your card was declined. Please try another card.' } },
        { status: 201, body: placed },
      ],
    });
    const user = userEvent.setup();
    renderPaymentStep();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined. Please try another card.'));
    expect(window.sessionStorage.getItem(DEVICE_FINGERPRINT_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Thank-you page weight-loss 000123' })).toBeInTheDocument();
    const [first, second] = api.to('POST', '/shop-api/checkout/cart-1/complete');
    expect(first!.headers['Idempotency-Key']).not.toBe(second!.headers['Idempotency-Key']);
  });

  it('a decline with its reason reads in plain English with what to do next, never the gateway’s words', async () => {
    fakePaymentApi({
      'POST /shop-api/checkout/cart-1/complete': {
        status: 402,
        body: { code: 'PAYMENT_DECLINED', message: 'Your payment was declined (Insufficient Funds).', details: { reason: 'insufficient_funds' } },
      },
    });
    const user = userEvent.setup();
    renderPaymentStep();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(DECLINE_MESSAGES.insufficient_funds));
    expect(screen.getByRole('alert')).not.toHaveTextContent('Insufficient Funds');
  });

  it('keeps the attempt’s key through a 503, a 502 and a lost reply, so the retry is recognised as the same attempt', async () => {
    const api = fakePaymentApi({
      'POST /shop-api/checkout/cart-1/complete': [
        { status: 503, body: { code: 'PAYMENT_UNAVAILABLE', message: 'We could not reach the payment provider.' } },
        { status: 502, body: null },
        { status: 409, body: { code: 'PAYMENT_IN_PROGRESS', message: 'Your payment is still being processed.' } },
        { status: 201, body: placed },
      ],
    });
    const user = userEvent.setup();
    renderPaymentStep();
    await fillCard(user);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await user.click(screen.getByRole('button', { name: 'Place order' }));
      await waitFor(() => expect(api.to('POST', '/shop-api/checkout/cart-1/complete')).toHaveLength(attempt + 1));
      await waitFor(() => expect(screen.getByRole('alert')).not.toBeEmptyDOMElement());
    }
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Thank-you page weight-loss 000123' })).toBeInTheDocument();
    const keys = new Set(api.to('POST', '/shop-api/checkout/cart-1/complete').map((call) => call.headers['Idempotency-Key']));
    expect(keys.size).toBe(1);
  });

  it('a double click places one order with one key', async () => {
    let release: () => void = () => {};
    const api = fakePaymentApi({
      'POST /shop-api/checkout/cart-1/complete': () => new Promise((resolve) => (release = () => resolve({ status: 201, body: placed }))),
    });
    const user = userEvent.setup();
    renderPaymentStep();
    await fillCard(user);
    await user.dblClick(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(api.to('POST', '/shop-api/checkout/cart-1/complete')).toHaveLength(1));
    act(() => release());
    expect(await screen.findByRole('heading', { name: 'Thank-you page weight-loss 000123' })).toBeInTheDocument();
    const keys = new Set(api.to('POST', '/shop-api/checkout/cart-1/complete').map((call) => call.headers['Idempotency-Key']));
    expect(keys.size).toBe(1);
    expect(api.to('POST', '/sandbox-gateway/tokens')).toHaveLength(1);
  });
});

describe('3-D Secure', () => {
  it('shows the bank in a 390×400 frame and confirms once it returns to our page', async () => {
    const api = fakePaymentApi({
      'POST /shop-api/checkout/cart-1/complete': {
        status: 201,
        body: { status: 'action_required', action: '3ds', orderNumber: '000124', url: '/sandbox-gateway/3ds/pay_1' },
      },
      'POST /shop-api/orders/000124/payment/confirm': { status: 200, body: { ...placed, orderNumber: '000124' } },
    });
    const user = userEvent.setup();
    renderPaymentStep();
    await fillCard(user, '4000 0000 0000 3220');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    const frame = within(dialog).getByTitle('Payment confirmation from your bank');
    expect(frame).toHaveAttribute('src', '/sandbox-gateway/3ds/pay_1');
    expect(frame).toHaveAttribute('width', '390');
    expect(frame).toHaveAttribute('height', '400');

    // While the bank's page shows, reading the frame throws (cross-origin): nothing happens.
    Object.defineProperty(frame, 'contentWindow', {
      configurable: true,
      get: () => ({
        get location(): Location {
          throw new DOMException('Blocked', 'SecurityError');
        },
      }),
    });
    fireEvent.load(frame);
    expect(api.to('POST', '/shop-api/orders/000124/payment/confirm')).toHaveLength(0);

    Object.defineProperty(frame, 'contentWindow', { configurable: true, get: () => ({ location: { pathname: '/checkout/payment-return' } }) });
    fireEvent.load(frame);
    expect(await screen.findByRole('heading', { name: 'Thank-you page weight-loss 000124' })).toBeInTheDocument();
    expect(api.to('POST', '/shop-api/orders/000124/payment/confirm')).toHaveLength(1);
  });

  it('a failed challenge shows the decline and leaves the cart to retry', async () => {
    window.localStorage.setItem('cartToken', 'cart-1');
    fakePaymentApi({
      'POST /shop-api/checkout/cart-1/complete': {
        status: 201,
        body: { status: 'action_required', action: '3ds', orderNumber: '000125', url: '/sandbox-gateway/3ds/pay_2' },
      },
      'POST /shop-api/orders/000125/payment/confirm': { status: 402, body: { code: 'PAYMENT_DECLINED', message: 'Your bank did not confirm the payment.' } },
    });
    const user = userEvent.setup();
    renderPaymentStep();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const frame = within(await screen.findByRole('dialog')).getByTitle('Payment confirmation from your bank');
    Object.defineProperty(frame, 'contentWindow', { configurable: true, get: () => ({ location: { pathname: '/checkout/payment-return' } }) });
    fireEvent.load(frame);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your bank did not confirm the payment.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('cartToken')).toBe('cart-1');
  });
});

describe('3-D Secure window closed', () => {
  it('asks the server how it went, and says so when it was not completed', async () => {
    const api = fakePaymentApi({
      'POST /shop-api/checkout/cart-1/complete': {
        status: 201,
        body: { status: 'action_required', action: '3ds', orderNumber: '000127', url: '/sandbox-gateway/3ds/pay_4' },
      },
      'POST /shop-api/orders/000127/payment/confirm': { status: 402, body: { code: 'PAYMENT_DECLINED', message: 'The payment was not confirmed.' } },
    });
    const user = userEvent.setup();
    renderPaymentStep();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel payment confirmation' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The payment was not confirmed.'));
    expect(api.to('POST', '/shop-api/orders/000127/payment/confirm')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toHaveFocus());
  });
});

describe('an order already placed from this cart', () => {
  it('goes to that order’s thank-you page', async () => {
    fakePaymentApi({
      'POST /shop-api/checkout/cart-1/complete': {
        status: 409,
        body: { code: 'ORDER_ALREADY_PLACED', message: 'This basket has already been ordered.', details: { orderNumber: '000100' } },
      },
    });
    const user = userEvent.setup();
    renderPaymentStep();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Thank-you page weight-loss 000100' })).toBeInTheDocument();
  });
});

describe('saved cards and PayPal', () => {
  it('starts with the saved card and pays with it', async () => {
    const api = fakePaymentApi({ 'GET /shop-api/me/payment-tokens': { status: 200, body: [visaCard] } });
    const user = userEvent.setup();
    renderPaymentStep();
    const saved = await screen.findByRole('radio', { name: 'Visa ending 4242' });
    expect(saved).toBeChecked();
    expect(saved).toHaveAccessibleDescription('Expires 12/30');
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    // A saved card is something to pay with: the button is available at once.
    expect(screen.getByRole('button', { name: 'Place order' })).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('heading', { name: 'Thank-you page weight-loss 000123' });
    expect(api.to('POST', '/shop-api/checkout/cart-1/complete')[0]!.body).toEqual({ mode: 'EXISTING_CARD', paymentTokenId: 7 });
    expect(api.to('POST', '/sandbox-gateway/tokens')).toHaveLength(0);
  });

  it('a saved PayPal account starts in PayPal mode, which opens a window and confirms when it returns', async () => {
    const popup = { closed: false, close: vi.fn(), location: { href: '', pathname: '/blank' } };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const api = fakePaymentApi({
      'GET /shop-api/me/payment-tokens': { status: 200, body: [{ ...visaCard, type: 'adyen_paypal', details: { brand: 'PayPal', last4: '', expiryMonth: null, expiryYear: null } }] },
      'POST /shop-api/checkout/cart-1/complete': {
        status: 201,
        body: { status: 'action_required', action: 'paypal', orderNumber: '000126', url: '/sandbox-gateway/paypal/pay_3' },
      },
      'POST /shop-api/orders/000126/payment/confirm': { status: 200, body: { ...placed, orderNumber: '000126' } },
    });
    const user = userEvent.setup();
    renderPaymentStep();
    expect(await screen.findByRole('radio', { name: 'PayPal' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(popup.location.href).toBe('/sandbox-gateway/paypal/pay_3'));
    expect(api.to('POST', '/shop-api/checkout/cart-1/complete')[0]!.body).toEqual({ mode: 'ADYEN_PAYPAL' });
    popup.location.pathname = '/checkout/payment-return';
    expect(await screen.findByRole('heading', { name: 'Thank-you page weight-loss 000126' })).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
  });

  it.each([
    [4500, false],
    [4501, true],
    [199999, true],
    [200000, false],
  ])('PayPal at a total of %i pence: offered %s', async (total, offered) => {
    fakePaymentApi();
    renderPaymentStep(makeCart(total));
    await screen.findByRole('radio', { name: 'Credit or debit card' });
    expect(screen.queryByRole('radio', { name: 'PayPal' }) !== null).toBe(offered);
  });
});

describe('a basket its discounts make free', () => {
  it('asks for no card and places the order without a payment token', async () => {
    const api = fakePaymentApi();
    const user = userEvent.setup();
    renderPaymentStep(makeCart(0));
    expect(await screen.findByText('No card is needed for this order.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Thank-you page weight-loss 000123' })).toBeInTheDocument();
    expect(api.to('POST', '/sandbox-gateway/tokens')).toHaveLength(0);
    expect(api.to('POST', '/shop-api/checkout/cart-1/complete')[0]!.body).toEqual({ mode: 'NEW_CARD' });
  });
});
