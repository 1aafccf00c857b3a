import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { vi } from 'vitest';
import type { Cart, CheckoutResult, PaymentConfig, SavedPaymentToken, User } from '@elmwood/domain';
import { testQueryClient } from '../../../test/render';
import { PaymentStep } from '../components/PaymentStep';

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status: number; body: unknown };
type Responder = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

export const sandboxConfig: PaymentConfig = {
  gateway: 'sandbox',
  tokensUrl: '/sandbox-gateway/tokens',
  publicKey: 'pk_sbx_test',
  applePay: { merchantIdentifier: 'merchant.health.elmwood' },
  googlePay: { merchantId: 'BCR2DN4T', gatewayMerchantId: 'pk_sbx_test', environment: 'TEST' },
  paypal: true,
};

export const visaCard: SavedPaymentToken = {
  id: 7,
  type: 'checkout_card',
  details: { brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2030 },
  isDefault: true,
};

export const placed: CheckoutResult = { status: 'placed', orderNumber: '000123', consultationSlug: 'weight-loss' };

/** The shop's and the provider's HTTP answers by "METHOD path", each call recorded. */
export function fakePaymentApi(overrides: Record<string, Responder | Responder[]> = {}) {
  const calls: RecordedCall[] = [];
  const routes: Record<string, Responder | Responder[]> = {
    'GET /shop-api/payment/config': { status: 200, body: sandboxConfig },
    'GET /shop-api/me/payment-tokens': { status: 200, body: [] },
    'POST /sandbox-gateway/tokens': { status: 201, body: { type: 'card', token: 'tok_sbx_1', expires_on: '2030-01-01T00:00:00Z' } },
    'POST /shop-api/checkout/cart-1/complete': { status: 201, body: placed },
    ...overrides,
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    let responder = routes[key];
    if (Array.isArray(responder)) responder = responder.length > 1 ? responder.shift() : responder[0];
    if (!responder) return new Response(JSON.stringify({ code: 'NOT_FOUND', message: key }), { status: 404 });
    const reply = typeof responder === 'function' ? await responder(call) : responder;
    return new Response(reply.body === null ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    calls,
    to: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

export function makeCart(total = 19900): Cart {
  return {
    tokenValue: 'cart-1',
    channel: 'WEB_WL_UK',
    items: [{} as Cart['items'][number]],
    couponCode: null,
    discounts: [],
    cartDiscounts: {},
    consultations: ['weight-loss'],
    totals: { subtotal: total, discount: 0, shipping: 0, credit: 0, total },
    shippingAddress: null,
    billingAddress: null,
    checkoutTasks: [],
    subscription: { months: 1, nextDelivery: null },
  };
}

export const user: User = {
  uid: 'u1',
  firstName: 'Sam',
  lastName: 'Taylor',
  email: 'sam@example.com',
  phoneNumber: '07700900123',
  birthday: '1985-04-12',
  customerBalance: 0,
  hasAcceptedUnlicensedProductDisclaimer: false,
};

function ThankYouStub() {
  const { slug, orderNumber } = useParams();
  return <h1>{`Thank-you page ${slug} ${orderNumber}`}</h1>;
}

/** The payment step inside the checkout route, with the thank-you route to land on. */
export function renderPaymentStep(cart: Cart = makeCart()) {
  const router = createMemoryRouter(
    [
      { path: '/n/:slug/order', Component: () => <PaymentStep cart={cart} cartToken="cart-1" user={user} slug="weight-loss" /> },
      { path: '/n/:slug/order/complete/:orderNumber', Component: ThankYouStub },
    ],
    { initialEntries: ['/n/weight-loss/order'] },
  );
  return { ...render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  ), router };
}
