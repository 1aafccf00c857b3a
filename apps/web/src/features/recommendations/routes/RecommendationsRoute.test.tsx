import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart, Product, QuizState } from '@elmwood/domain';
import { makeWegovy } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/render';
import { Component as RecommendationsRoute } from './RecommendationsRoute';

const outOfStock = (product: Product): Product => ({ ...product, variants: product.variants.map((variant) => ({ ...variant, inStock: false })) });
const catalogue: Record<string, Product> = {
  WEGOVY: makeWegovy(),
  MOUNJARO: makeWegovy({ code: 'MOUNJARO', slug: 'mounjaro', name: 'Mounjaro' }),
  OZEMPIC: outOfStock(makeWegovy({ code: 'OZEMPIC', slug: 'ozempic', name: 'Ozempic' })),
};

function quizState(overrides: Partial<QuizState> = {}): QuizState {
  return {
    consultationId: 'c1',
    questionnaireId: 3,
    slug: 'weight-loss',
    answers: {},
    changedAnswers: [],
    bmi: 32.7,
    weight: 100,
    height: 175,
    eligibleProducts: ['WEGOVY', 'MOUNJARO'],
    ineligibleProducts: [],
    recommendations: ['WEGOVY', 'MOUNJARO'],
    preferredProduct: null,
    preferredVariant: null,
    rejection: null,
    allowedVariants: {},
    flags: { complete: true, rejected: false },
    aliasMapping: {},
    ...overrides,
  };
}

function cart(items: Cart['items'] = []): Cart {
  return {
    tokenValue: 'tok-1',
    channel: 'WEB_WL_UK',
    items,
    couponCode: null,
    discounts: [],
    cartDiscounts: {},
    consultations: ['weight-loss'],
    shippingAddress: null,
    billingAddress: null,
    checkoutTasks: [],
    subscription: { months: 0, nextDelivery: null },
    totals: { subtotal: 0, discount: 0, shipping: 0, credit: 0, total: 0 },
  };
}

type Reply = { status?: number; body?: unknown };
interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API at the network boundary: each call recorded, answered by `answer` or the defaults below. */
function api(answer: (call: Call) => Reply | undefined = () => undefined, state: QuizState | null = quizState()) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const reply =
      answer(call) ??
      (call.path.startsWith('/shop-api/medical-history-by-slug/')
        ? state
          ? { body: state }
          : { status: 404, body: { code: 'NO_CONSULTATION', message: 'You have not started this consultation in this browser yet.' } }
        : call.path === '/shop-api/products/by-code'
          ? { body: url.searchParams.get('codes')!.split(',').flatMap((code) => (catalogue[code] ? [catalogue[code]] : [])) }
          : call.method === 'POST' && call.path === '/shop-api/carts'
            ? { status: 201, body: cart() }
            : call.method === 'PUT' && call.path.endsWith('/medical_history_questionnaire')
              ? { body: cart() }
              : call.method === 'POST' && call.path.endsWith('/items')
                ? { status: 201, body: cart() }
                : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
    return new Response(JSON.stringify(reply.body ?? null), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderPage(url = '/n/weight-loss/recommendations') {
  const router = createMemoryRouter(
    [
      { path: '/n/:slug/recommendations', Component: RecommendationsRoute },
      { path: '/n/:slug/order', Component: () => <h1>Checkout</h1> },
      { path: '/n/:slug/quiz/:step', Component: () => <h1>Consultation</h1> },
    ],
    { initialEntries: [url] },
  );
  // Fresh data is not asked for again on mount, as in the app (a minute's staleTime).
  const client = testQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, staleTime: 60_000 } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const summary = () => screen.getByRole('region', { name: 'Choose your treatment' });
const checkoutButton = () => within(summary()).getByRole('button', { name: 'Checkout' });
const cartCalls = (calls: Call[]) => calls.filter((call) => call.path.startsWith('/shop-api/carts') || call.path.startsWith('/shop-api/checkout'));

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('RecommendationsRoute: before the consultation', () => {
  it('shows the heading at once, before the consultation has loaded', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Your weight loss programme' })).toBeInTheDocument();
  });

  it('without a consultation in this browser, invites the patient to start one', async () => {
    api(undefined, null);
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your consultation comes first' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your weight loss programme' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start your consultation' })).toHaveAttribute('href', '/n/weight-loss/quiz/1');
    expect(screen.queryByText(/money-back/)).toBeNull();
  });

  it('an unfinished consultation links back to it', async () => {
    api(undefined, quizState({ flags: { complete: false, rejected: false }, recommendations: [] }));
    renderPage();
    expect(await screen.findByRole('link', { name: 'Continue your consultation' })).toHaveAttribute('href', '/n/weight-loss/quiz/1');
  });

  it('a rejected consultation offers to review the answers, and no treatment', async () => {
    api(
      undefined,
      quizState({
        rejection: { ruleId: 'pancreatitis', reason: 'Not after pancreatitis.', questionId: 'wl_contraindications', questionIndex: 7, underweight: false },
        flags: { complete: true, rejected: true },
        recommendations: [],
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'No recommended treatment' })).toBeInTheDocument();
    expect(screen.getByText('Not after pancreatitis.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review your answers' })).toHaveAttribute('href', '/n/weight-loss/quiz/1');
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  it('an unknown consultation slug says so', async () => {
    api();
    renderPage('/n/knees/recommendations');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that consultation" })).toBeInTheDocument();
  });
});

describe('RecommendationsRoute: the programme', () => {
  it.each([
    ['weight-loss', 'Your weight loss programme', '/pages/guarantee'],
    ['erectile-dysfunction', 'Your erectile dysfunction treatment', '/pages/ed-money-back-guarantee'],
    ['hair-loss', 'Your hair loss treatment', '/pages/guarantee'],
  ])('%s: its heading, the 180-day money-back line and its terms', async (slug, heading, terms) => {
    api(undefined, quizState({ slug }));
    renderPage(`/n/${slug}/recommendations`);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByText(/180-day money-back guarantee/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms apply' })).toHaveAttribute('href', terms);
  });

  it('weight loss: the options in the consultation order (never Ozempic, a diabetes medicine), and every section', async () => {
    api();
    renderPage();
    await screen.findByRole('region', { name: 'Choose your treatment' });
    expect(within(summary()).getAllByRole('radio', { name: /Wegovy|Mounjaro|Ozempic/ }).map((radio) => radio.getAttribute('value'))).toEqual(['WEGOVY', 'MOUNJARO']);
    expect(screen.queryByText(/Ozempic/)).toBeNull();
    // Only the recommended treatments are in the carousel. What lies below the choice is its own chunk, loaded once
    // the choice has rendered: on a busy machine that takes longer than findBy's default second.
    expect(await screen.findByRole('region', { name: 'Recommended treatments' }, { timeout: 10_000 })).toHaveTextContent('Treatment 1 of 2');
    expect(screen.getByRole('table', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Book a call' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Patient stories' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
    // Weight-loss treatments have no reviews on the platform: no score is shown rather than a default nobody gave.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument());
    expect(screen.queryByText('4.5/5')).toBeNull();
  });
});

describe('RecommendationsRoute: loading', () => {
  it("asks for the programme's treatments alongside the consultation, not after it", async () => {
    const calls = api();
    const answered = globalThis.fetch;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).startsWith('/shop-api/medical-history-by-slug/')) await held;
        return answered(input, init);
      }),
    );
    renderPage();
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/shop-api/products/by-code'));
    expect(screen.queryByRole('region', { name: 'Choose your treatment' })).toBeNull();
    release();
    expect(await screen.findByRole('region', { name: 'Choose your treatment' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/shop-api/products/by-code')).toHaveLength(1);
  });

  it('fetches a recommended treatment outside the usual list on its own', async () => {
    catalogue.SAXENDA = makeWegovy({ code: 'SAXENDA', slug: 'saxenda', name: 'Saxenda' });
    api(undefined, quizState({ recommendations: ['SAXENDA', 'WEGOVY'] }));
    renderPage();
    await screen.findByRole('region', { name: 'Choose your treatment' });
    expect(within(summary()).getAllByRole('radio', { name: /Saxenda|Wegovy|Ozempic/ }).map((radio) => radio.getAttribute('value'))).toEqual(['SAXENDA', 'WEGOVY']);
    delete catalogue.SAXENDA;
  });
});

describe('RecommendationsRoute: the starting-dose lock', () => {
  it('offers only the dose the consultation allows (here a continuing patient’s 0.5 mg), and checks out with it', async () => {
    const calls = api(undefined, quizState({ allowedVariants: { WEGOVY: ['WEGOVY-0-5MG'], MOUNJARO: ['MOUNJARO-0-5MG'] } }));
    renderPage();
    await screen.findByRole('region', { name: 'Choose your treatment' });
    expect(within(summary()).queryByRole('combobox', { name: 'Dose' })).toBeNull();
    expect(within(summary()).getByRole('group', { name: 'Dose' })).toHaveTextContent('0.5 mg');
    expect(within(summary()).getByText(/It can only go up after a check-in/)).toBeInTheDocument();
    await userEvent.click(checkoutButton());
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    expect(cartCalls(calls).at(-1)).toMatchObject({ body: { productCode: 'WEGOVY', variantCode: 'WEGOVY-0-5MG' } });
  });

  it('offers nothing to buy when the only allowed dose is out of stock', async () => {
    api(undefined, quizState({ allowedVariants: { WEGOVY: ['WEGOVY-0-25MG'], MOUNJARO: ['MOUNJARO-0-25MG'] } }));
    renderPage();
    await screen.findByRole('region', { name: 'Choose your treatment' });
    expect(within(summary()).queryByRole('combobox', { name: 'Dose' })).toBeNull();
    expect(checkoutButton()).toBeDisabled();
  });
});

describe('RecommendationsRoute: checkout', () => {
  it('makes a cart with the quiz coupon, links the consultation, adds the chosen dose and frequency, then opens the order', async () => {
    window.sessionStorage.setItem('quizCoupon', 'WELCOME20');
    const calls = api();
    const router = renderPage();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Dose' }), 'WEGOVY-1MG');
    await userEvent.click(screen.getByRole('radio', { name: /Quarterly subscription/ }));
    await userEvent.click(checkoutButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/n/weight-loss/order');
    expect(cartCalls(calls)).toEqual([
      { method: 'POST', path: '/shop-api/carts', body: { channel: 'WEB_WL_UK', couponCode: 'WELCOME20' } },
      { method: 'PUT', path: '/shop-api/checkout/tok-1/medical_history_questionnaire', body: { questionnaireId: 3 } },
      { method: 'POST', path: '/shop-api/carts/tok-1/items', body: { productCode: 'WEGOVY', variantCode: 'WEGOVY-1MG', frequency: 90 } },
    ]);
    expect(window.localStorage.getItem('cartToken')).toBe('tok-1');
    expect(window.sessionStorage.getItem('quizCoupon')).toBeNull();
  });

  it('sends no coupon when the quiz link had none', async () => {
    const calls = api();
    renderPage();
    await screen.findByRole('region', { name: 'Choose your treatment' });
    await userEvent.click(checkoutButton());
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    expect(cartCalls(calls)[0]!.body).toEqual({ channel: 'WEB_WL_UK' });
  });

  it("shows the server's refusal as an alert with the way to the consultation, keeps the coupon, and retries on the same cart", async () => {
    window.sessionStorage.setItem('quizCoupon', 'WELCOME20');
    let refuse = true;
    const calls = api((call) =>
      refuse && call.path.endsWith('/items')
        ? { status: 422, body: { code: 'CONSULTATION_REQUIRED', message: 'Please complete the online consultation before adding this treatment.' } }
        : undefined,
    );
    const router = renderPage();
    await screen.findByRole('region', { name: 'Choose your treatment' });
    await userEvent.click(checkoutButton());
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Please complete the online consultation before adding this treatment.'));
    expect(within(alert).getByRole('link', { name: 'Go to your consultation' })).toHaveAttribute('href', '/n/weight-loss/quiz/1');
    expect(checkoutButton()).toBeEnabled();
    expect(checkoutButton()).not.toHaveAttribute('aria-busy');
    expect(router.state.location.pathname).toBe('/n/weight-loss/recommendations');
    expect(window.sessionStorage.getItem('quizCoupon')).toBe('WELCOME20');
    expect(window.localStorage.getItem('cartToken')).toBeNull();

    refuse = false;
    await userEvent.click(checkoutButton());
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    expect(cartCalls(calls).filter((call) => call.method === 'POST' && call.path === '/shop-api/carts')).toHaveLength(1);
  });

  it('a refusal without a consultation link (not eligible) shows only the message, cleared by a new choice', async () => {
    api((call) =>
      call.path.endsWith('/items') ? { status: 422, body: { code: 'NOT_ELIGIBLE', message: 'Based on your consultation this treatment is not suitable for you.' } } : undefined,
    );
    renderPage();
    await screen.findByRole('region', { name: 'Choose your treatment' });
    await userEvent.click(checkoutButton());
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Based on your consultation this treatment is not suitable for you.'));
    expect(within(alert).queryByRole('link')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /Mounjaro/ }));
    expect(alert).toBeEmptyDOMElement();
  });

  it('shows the button busy while the cart is being made', async () => {
    let release: () => void = () => {};
    api();
    const original = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST' && String(input) === '/shop-api/carts') await new Promise<void>((resolve) => (release = resolve));
        return original(input, init);
      }),
    );
    renderPage();
    await screen.findByRole('region', { name: 'Choose your treatment' });
    await userEvent.click(checkoutButton());
    expect(checkoutButton()).toHaveAttribute('aria-busy', 'true');
    release();
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  });

  it('?atc=true on the quiz link: the page starts checkout by itself with the preferred treatment, once', async () => {
    window.sessionStorage.setItem('quizAtc', 'weight-loss');
    const calls = api(undefined, quizState({ preferredProduct: 'MOUNJARO', preferredVariant: 'WEGOVY-1MG' }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(cartCalls(calls).at(-1)).toEqual({
      method: 'POST',
      path: '/shop-api/carts/tok-1/items',
      body: { productCode: 'MOUNJARO', variantCode: 'WEGOVY-1MG', frequency: 30 },
    });
    expect(window.sessionStorage.getItem('quizAtc')).toBeNull();
  });

  it('?atc=true for another consultation does nothing here', async () => {
    window.sessionStorage.setItem('quizAtc', 'hair-loss');
    const calls = api();
    renderPage();
    await screen.findByRole('region', { name: 'Choose your treatment' });
    expect(cartCalls(calls)).toEqual([]);
    expect(window.sessionStorage.getItem('quizAtc')).toBe('hair-loss');
  });
});
