import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CheckoutHeader, isCheckoutJourney } from './CheckoutHeader';

function renderAt(url: string, totalSteps?: number) {
  const router = createMemoryRouter([{ path: '*', Component: () => <CheckoutHeader totalSteps={totalSteps} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

const activeStep = () => screen.getByRole('list', { name: 'Your progress' }).querySelector('[aria-current="step"]')?.textContent;

describe('CheckoutHeader', () => {
  it.each([
    ['/n/weight-loss/quiz/3', 'Consultation'],
    ['/n/weight-loss/recommendations', 'Your plan'],
    ['/n/weight-loss/order/complete/000123', 'Checkout'],
  ])('on %s marks %s as the current step', (url, step) => {
    renderAt(url);
    expect(activeStep()).toBe(step);
    expect(screen.getByRole('link', { name: /home/ })).toHaveAttribute('href', '/');
  });

  it('shows no journey bar on the checkout itself, whose own steps show the progress (one bar at a time)', () => {
    renderAt('/n/weight-loss/order');
    expect(screen.queryByRole('list', { name: 'Your progress' })).toBeNull();
    expect(screen.getByRole('link', { name: /home/ })).toHaveAttribute('href', '/');
  });

  it('shows the step counter only on a questions path with both numbers', () => {
    renderAt('/n/weight-loss/quiz/questions?stepIndex=2', 9);
    expect(screen.getByText('2 of 9')).toBeInTheDocument();
  });

  it('shows no counter on other paths, or when stepIndex is 0', () => {
    renderAt('/n/weight-loss/quiz/2?stepIndex=2', 9);
    expect(screen.queryByText('2 of 9')).toBeNull();
  });

  it('knows the journey paths', () => {
    expect(isCheckoutJourney('/n/hair-loss/quiz/1')).toBe(true);
    expect(isCheckoutJourney('/products/wegovy')).toBe(false);
  });
});
