import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderReview, renderClinic, stubClinicApi, supportMember } from '../testing';

afterEach(() => vi.unstubAllGlobals());

describe('Find an order', () => {
  it('opens an order number typed in lower case and with spaces', async () => {
    stubClinicApi({
      'GET /shop-api/clinic/me': [200, supportMember],
      'GET /shop-api/clinic/orders/EH-7KQ4-M2XP': [200, orderReview({ orderNumber: 'EH-7KQ4-M2XP' })],
    });
    const { router } = renderClinic('/clinic/orders');
    await userEvent.type(await screen.findByLabelText('Order number'), ' eh 7kq4 m2xp ');
    await userEvent.click(screen.getByRole('button', { name: 'Open order' }));
    expect(router.state.location.pathname).toBe('/clinic/orders/EH-7KQ4-M2XP');
    expect(await screen.findByRole('heading', { level: 1, name: /EH-7KQ4-M2XP/ })).toBeInTheDocument();
  });
});
