import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FloatingCheckoutBar } from './FloatingCheckoutBar';

afterEach(() => vi.restoreAllMocks());

const props = { productName: 'Wegovy', image: '/images/products/wegovy.svg', price: 15900, originalPrice: null, onCheckout: () => {}, disabled: false, loading: false };

describe('FloatingCheckoutBar', () => {
  it("shows the treatment, its price for the 'first month' and 'Checkout'", async () => {
    const onCheckout = vi.fn();
    render(<FloatingCheckoutBar {...props} onCheckout={onCheckout} showAfterPercent={0} />);
    const bar = screen.getByRole('complementary', { name: 'Checkout' });
    expect(bar).toHaveTextContent('Wegovy');
    expect(bar).toHaveTextContent('£159.00 first month');
    expect(bar).not.toHaveTextContent('was');
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(onCheckout).toHaveBeenCalledOnce();
  });

  it('a discounted price shows the original struck through, read out as was and now', () => {
    render(<FloatingCheckoutBar {...props} originalPrice={16900} showAfterPercent={0} />);
    const bar = screen.getByRole('complementary', { name: 'Checkout' });
    expect(bar.querySelector('s')).toHaveTextContent('£169.00');
    expect(bar).toHaveTextContent('was £169.00 now £159.00 first month');
  });

  it('the sticky variant waits for its scroll percentage', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
    render(<FloatingCheckoutBar {...props} showAfterPercent={50} />);
    expect(screen.queryByRole('complementary')).toBeNull();
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 0 });
  });

  it('raises an error for a scroll percentage outside 0 to 100', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<FloatingCheckoutBar {...props} showAfterPercent={101} />)).toThrow('Scroll percentage must be between 0 and 100');
    expect(() => render(<FloatingCheckoutBar {...props} showAfterPercent={-5} />)).toThrow(RangeError);
  });

  it('says why checkout failed, for whoever pressed its button', () => {
    render(<FloatingCheckoutBar {...props} error="Based on your consultation this treatment is not suitable for you." showAfterPercent={0} />);
    expect(screen.getByRole('complementary', { name: 'Checkout' })).toHaveTextContent('Based on your consultation this treatment is not suitable for you.');
  });

  it('shows it is busy while checkout starts', () => {
    render(<FloatingCheckoutBar {...props} loading showAfterPercent={0} />);
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveAttribute('aria-busy', 'true');
  });
});
