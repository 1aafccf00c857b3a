import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FloatingBar } from './FloatingBar';

function setPage({ height, viewport, scrollY }: { height: number; viewport: number; scrollY: number }) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: viewport });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
}

function scrollTo(scrollY: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
  act(() => void window.dispatchEvent(new Event('scroll')));
}

beforeEach(() => setPage({ height: 3000, viewport: 1000, scrollY: 0 }));
afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.style.removeProperty('--floating-bar-height');
});

describe('FloatingBar', () => {
  it('shows at once by default, as a named landmark', () => {
    render(<FloatingBar label="Checkout">Pay now</FloatingBar>);
    expect(screen.getByRole('complementary', { name: 'Checkout' })).toHaveTextContent('Pay now');
  });

  it('the sticky variant appears once the page has scrolled past its percentage, and goes when scrolled back', () => {
    // 2000 px can scroll: 40% is 800 px down.
    render(
      <FloatingBar label="Checkout" showAfterPercent={40}>
        Pay now
      </FloatingBar>,
    );
    expect(screen.queryByRole('complementary')).toBeNull();
    scrollTo(799);
    expect(screen.queryByRole('complementary')).toBeNull();
    scrollTo(800);
    expect(screen.getByRole('complementary', { name: 'Checkout' })).toBeInTheDocument();
    scrollTo(100);
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('at 100 it appears only at the very end of the page', () => {
    render(
      <FloatingBar label="Checkout" showAfterPercent={100}>
        Pay now
      </FloatingBar>,
    );
    scrollTo(1999);
    expect(screen.queryByRole('complementary')).toBeNull();
    scrollTo(2000);
    expect(screen.getByRole('complementary')).toBeInTheDocument();
  });

  it.each([-1, 101, Number.NaN])('raises an error for a scroll percentage of %d', (percent) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<FloatingBar label="Checkout" showAfterPercent={percent}>Pay now</FloatingBar>)).toThrow(
      'Scroll percentage must be between 0 and 100',
    );
  });

  it('keeps away while the element it stands in for is on screen', () => {
    let report: (entries: { isIntersecting: boolean }[]) => void = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const button = document.createElement('button');
    document.body.append(button);
    render(
      <FloatingBar label="Checkout" hideWhileVisible={{ current: button }}>
        Pay now
      </FloatingBar>,
    );
    act(() => report([{ isIntersecting: true }]));
    expect(screen.queryByRole('complementary')).toBeNull();
    act(() => report([{ isIntersecting: false }]));
    expect(screen.getByRole('complementary')).toBeInTheDocument();
    button.remove();
    vi.unstubAllGlobals();
  });

  it('gives the page room for itself while it shows, and takes it back when it goes', () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(72);
    const { unmount } = render(<FloatingBar label="Checkout">Pay now</FloatingBar>);
    expect(document.documentElement.style.getPropertyValue('--floating-bar-height')).toBe('72px');
    unmount();
    expect(document.documentElement.style.getPropertyValue('--floating-bar-height')).toBe('');
  });

  it('scrolls a field that takes focus behind it back into view', () => {
    const scrollBy = vi.fn();
    vi.stubGlobal('scrollBy', scrollBy);
    render(
      <>
        <input aria-label="Email" />
        <FloatingBar label="Checkout">Pay now</FloatingBar>
      </>,
    );
    const bar = screen.getByRole('complementary');
    const field = screen.getByLabelText('Email');
    vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue({ top: 900 } as DOMRect);
    vi.spyOn(field, 'getBoundingClientRect').mockReturnValue({ bottom: 940 } as DOMRect);
    field.focus();
    expect(scrollBy).toHaveBeenCalledWith({ top: 48, behavior: 'instant' });
    vi.unstubAllGlobals();
  });
});
