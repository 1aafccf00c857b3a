import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Accordion } from '../../../ui/Accordion';
import { Stars } from '../../../ui/Stars';
import { renderWithProviders } from '../../../test/render';
import { FloatingCheckoutBar } from './FloatingCheckoutBar';
import { StockNotification } from './StockNotification';

afterEach(() => vi.unstubAllGlobals());

describe('Accordion', () => {
  const items = [
    { id: 'a', title: 'First question', content: <p>First answer</p> },
    { id: 'b', title: 'Second question', content: <p>Second answer</p> },
  ];
  it('opens one item at a time and collapses the open one', async () => {
    render(<Accordion items={items} />);
    const first = screen.getByRole('button', { name: 'First question' });
    const second = screen.getByRole('button', { name: 'Second question' });
    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('First answer')).toBeVisible();
    await userEvent.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('First answer')).not.toBeVisible();
    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Stars', () => {
  it.each([
    [4.3, 'Rated 4.5 out of 5'],
    [4.2, 'Rated 4 out of 5'],
  ])('%d is drawn in half steps: %s', (rating, label) => {
    render(<Stars rating={rating} />);
    expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
  });
});

describe('StockNotification', () => {
  it('checks the email, then confirms the sign-up in the spec words', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ email: 'sam@example.com', product: 'OZEMPIC' }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<StockNotification productCode="OZEMPIC" productName="Ozempic" />);
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Email address'));
    await userEvent.type(screen.getByLabelText('Email address'), 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You have signed up for Ozempic stock notifications'));
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ email: 'sam@example.com', product: 'OZEMPIC' });
  });
});

describe('FloatingCheckoutBar', () => {
  const props = { productName: 'Wegovy', image: null, price: 15900, originalPrice: 16900, onCheckout: () => {}, disabled: false, loading: false };
  it("shows the first month's price with the original struck through, and 'Checkout'", () => {
    render(<FloatingCheckoutBar {...props} showAfterPercent={0} />);
    const bar = screen.getByRole('complementary', { name: 'Checkout' });
    expect(bar).toHaveTextContent('was £169.00');
    expect(bar).toHaveTextContent('now £159.00 first month');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeInTheDocument();
  });
  it('raises an error for a scroll percentage outside 0 to 100', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<FloatingCheckoutBar {...props} showAfterPercent={101} />)).toThrow('Scroll percentage must be between 0 and 100');
  });
});

describe('ProductCarousel', () => {
  it('shows each recommended treatment as a slide with its price from and its doses', async () => {
    const { makeWegovy } = await import('../../../test/fixtures');
    const { ProductCarousel } = await import('./ProgrammeSections');
    render(<ProductCarousel products={[makeWegovy()]} />);
    const slide = screen.getByRole('group', { name: 'Treatment 1 of 1' });
    expect(slide).toHaveTextContent('Wegovy');
    expect(slide).toHaveTextContent(/From £\d+\.\d\d a month/);
    expect(slide).toHaveTextContent(/Doses:/);
  });
});
