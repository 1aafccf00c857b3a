import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliveryEstimate, type Cart, type CartItem, type Frequency } from '@elmwood/domain';
import { renderWithProviders } from '../../../test/render';
import { HealthPlanStep, healthPlanSummary, planText } from './HealthPlanStep';

function item(overrides: Partial<CartItem> = {}, frequency: Frequency = 30): CartItem {
  return {
    id: 7,
    product: { code: 'WEGOVY', slug: 'wegovy', name: 'Wegovy', isPrescriptionOnly: true, images: [], quickShip: false, isUnlicensed: false },
    variant: { code: 'WEGOVY-0-5MG', name: '0.5 mg', dosage: '0.5 mg', quantityPerMonth: 1, quantityPerMonthType: 'pen' },
    frequency,
    quantity: 1,
    unitPrice: 16900,
    total: 16900,
    itemDiscounts: [],
    ...overrides,
  };
}

function cart(items: CartItem[]): Cart {
  const subtotal = items.reduce((sum, line) => sum + line.total, 0);
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
    totals: { subtotal, discount: 0, shipping: 0, credit: 0, total: subtotal },
  };
}

/** The step reading the cart from the query cache, as the order page does, so server replies show. */
function Step({ initial }: { initial: Cart }) {
  const query = useQuery({ queryKey: ['cart', 'tok-1'], queryFn: () => initial, initialData: initial, staleTime: Infinity });
  return <HealthPlanStep cart={query.data} token="tok-1" />;
}

afterEach(() => vi.unstubAllGlobals());

describe('planText', () => {
  it.each([
    ['monthly', [item({}, 30)], 'Cancel anytime'],
    ['one-off', [item({}, 1)], 'Cancel anytime'],
    ['quarterly', [item({}, 90)], 'Renew or cancel after 3 months'],
    ['monthly beside quarterly', [item({}, 30), item({ id: 8 }, 90)], 'Renew or cancel after 3 months'],
    ['empty', [], 'Cancel anytime'],
  ])('%s: %s', (_, items, text) => expect(planText(cart(items as CartItem[]))).toBe(text));
});

describe('HealthPlanStep', () => {
  it('lists each line with its dose, plan and price, and the totals with free delivery', () => {
    renderWithProviders(<Step initial={cart([item({ total: 41700 }, 90)])} />);
    const line = screen.getByRole('listitem');
    expect(line).toHaveTextContent('Wegovy 0.5 mg');
    expect(line).toHaveTextContent('Quarterly subscription');
    expect(line).toHaveTextContent('£417.00');
    const totals = document.querySelector<HTMLElement>('.cart-totals')!;
    expect(totals).toHaveTextContent('Subtotal£417.00');
    expect(totals).toHaveTextContent('DeliveryFree');
    expect(totals).toHaveTextContent('Total£417.00');
    expect(screen.getByText(/Free two days delivery/)).toHaveTextContent('Renew or cancel after 3 months');
    expect(healthPlanSummary(cart([item()]))).toBe('Wegovy 0.5 mg · £169.00');
  });

  it('promises one day delivery, on the express date, only when every line is quick ship', () => {
    const shampoo = item({ id: 8, product: { code: 'POWER-SHAMPOO', slug: 'power-shampoo', name: 'Power shampoo', isPrescriptionOnly: false, images: [], quickShip: true, isUnlicensed: false } });
    const { unmount } = renderWithProviders(<Step initial={cart([shampoo])} />);
    const note = screen.getByText(/Free one day delivery/);
    expect(note).toHaveTextContent(`expected ${deliveryEstimate(new Date(), { express: true })} once approved`);
    expect(screen.queryByText(/Free two days delivery/)).toBeNull();
    unmount();
    renderWithProviders(<Step initial={cart([shampoo, item()])} />);
    expect(screen.getByText(/Free two days delivery/)).toHaveTextContent(`expected ${deliveryEstimate(new Date())} once approved`);
  });

  it('removes a line keeping a copy, and adds the same dose and frequency back', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ method: init.method!, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        const reply = init.method === 'DELETE' ? cart([]) : cart([item({ id: 9 }, 90)]);
        return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithProviders(<Step initial={cart([item({}, 90)])} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Wegovy' }));
    expect(await screen.findByText('Your basket is empty.')).toBeInTheDocument();
    const status = document.querySelector<HTMLElement>('.cart-undo')!;
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent('Wegovy removed.');
    await userEvent.click(within(status).getByRole('button', { name: 'Add it back' }));
    await waitFor(() => expect(screen.getByRole('listitem')).toHaveTextContent('Wegovy 0.5 mg'));
    expect(status).toBeEmptyDOMElement();
    expect(calls).toEqual([
      { method: 'DELETE', url: '/shop-api/carts/tok-1/items/7', body: undefined },
      { method: 'POST', url: '/shop-api/carts/tok-1/items', body: { productCode: 'WEGOVY', variantCode: 'WEGOVY-0-5MG', frequency: 90 } },
    ]);
  });

  it('shows the lines busy while one changes, and says when a change fails', async () => {
    let fail: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (fail = resolve))));
    renderWithProviders(<Step initial={cart([item()])} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Wegovy' }));
    expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Remove Wegovy' })).toHaveAttribute('aria-busy', 'true');
    fail(new Response(JSON.stringify({ code: 'CART_NOT_FOUND', message: 'We could not find that cart.' }), { status: 404 }));
    expect(await screen.findByText('We could not find that cart.')).toBeInTheDocument();
    expect(screen.getByRole('list')).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('listitem')).toHaveTextContent('Wegovy 0.5 mg');
  });
});
