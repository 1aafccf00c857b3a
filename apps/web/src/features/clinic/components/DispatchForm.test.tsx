import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { stubClinicApi } from '../testing';
import { DispatchForm } from './DispatchForm';

afterEach(() => vi.unstubAllGlobals());

describe('DispatchForm', () => {
  it('checks the number against the chosen carrier before sending it, normalised', async () => {
    const calls = stubClinicApi({
      'POST /shop-api/clinic/orders/EH-1/dispatch': [200, { orderNumber: 'EH-1', state: 'dispatched', paymentState: 'captured', changed: true }],
    });
    const onDispatched = vi.fn();
    renderWithProviders(<DispatchForm orderNumber="EH-1" onDispatched={onDispatched} />);

    await userEvent.click(await screen.findByRole('radio', { name: 'DPD' }));
    await userEvent.type(screen.getByLabelText('Tracking number'), 'AB123456789GB');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as dispatched' }));
    expect(screen.getByText('A DPD tracking number is fourteen digits.')).toBeInTheDocument();
    expect(screen.getByLabelText('Tracking number')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: 'Royal Mail' }));
    await userEvent.clear(screen.getByLabelText('Tracking number'));
    await userEvent.type(screen.getByLabelText('Tracking number'), 'ab 123 456 789 gb');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as dispatched' }));
    await vi.waitFor(() => expect(onDispatched).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ carrier: 'royal-mail', trackingNumber: 'AB123456789GB' });
  });
});
