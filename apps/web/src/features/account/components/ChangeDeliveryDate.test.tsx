import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSubscription } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { ChangeDeliveryDate } from './ChangeDeliveryDate';

// The date form reads only the limits and the current date of the plan.
const plan = makeSubscription({ items: [], order: { number: '000123', state: 'approved', timeline: [] }, paymentMethod: null });

afterEach(() => vi.unstubAllGlobals());

describe('ChangeDeliveryDate', () => {
  it('says which dates are allowed when one outside the limits is entered, and sends nothing', async () => {
    const fetch = vi.fn(mockFetch({}));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ChangeDeliveryDate subscription={plan} onDone={vi.fn()} />);
    const field = screen.getByLabelText('Next delivery date');
    expect(field).toHaveAttribute('min', '2026-11-26');
    expect(field).toHaveAttribute('max', '2027-01-07');
    fireEvent.change(field, { target: { value: '2027-02-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save date' }));
    expect(screen.getByText('You can move this delivery to 7 January 2027 at the latest.')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '2026-11-20' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save date' }));
    expect(screen.getByText('The earliest we can deliver is 26 November 2026.')).toBeInTheDocument();
    // A weekend within the limits, by the same rule as the server's.
    fireEvent.change(field, { target: { value: '2026-11-28' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save date' }));
    expect(screen.getByText('We deliver on working days only. Please choose a weekday that is not a bank holiday.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says why the date cannot move while an order of the plan is with the prescriber', () => {
    const refusal = 'Your order 000123 is with our prescriber, so your delivery date cannot change until they have decided. We will email you as soon as they have.';
    renderWithProviders(<ChangeDeliveryDate subscription={{ ...plan, nextDeliveryLimits: null, nextDeliveryRefusal: refusal }} onDone={vi.fn()} />);
    expect(screen.getByText(refusal)).toBeInTheDocument();
    expect(screen.queryByLabelText('Next delivery date')).not.toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the date", async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({ '/shop-api/subscriptions/sub-1/next-delivery': { status: 422, body: { code: 'INVALID_DELIVERY_DATE', message: 'The earliest we can deliver is 3 December 2026.' } } }),
    );
    const onDone = vi.fn();
    renderWithProviders(<ChangeDeliveryDate subscription={plan} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('Next delivery date'), { target: { value: '2026-12-02' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save date' }));
    expect(await screen.findByText('The earliest we can deliver is 3 December 2026.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });
});
