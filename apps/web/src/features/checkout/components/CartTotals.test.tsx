import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Cart } from '@elmwood/domain';
import { CartTotals } from './OrderSummary';

function cart(totals: Cart['totals'], discounts: Cart['discounts'] = []): Cart {
  return {
    tokenValue: 'tok-1',
    channel: 'WEB_WL_UK',
    items: [],
    couponCode: null,
    discounts,
    cartDiscounts: {},
    consultations: [],
    shippingAddress: null,
    billingAddress: null,
    checkoutTasks: [],
    subscription: { months: 0, nextDelivery: null },
    totals,
  };
}

describe('cart totals', () => {
  it('show the referral discount and the referral credit taken off the total', () => {
    render(
      <CartTotals
        cart={cart({ subtotal: 19900, discount: 3980, shipping: 0, credit: 2000, total: 13920 }, [
          { code: 'REFERRAL_20', name: 'Referral discount', amount: 3980, label: 'REFERRAL DISCOUNT', isCouponBased: false, isExclusive: false },
        ])}
      />,
    );
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms).toEqual(['Subtotal', 'REFERRAL DISCOUNT (Referral discount)', 'Delivery', 'Referral credit', 'Total']);
    expect(values).toEqual(['£199.00', '-£39.80', 'Free', '-£20.00', '£139.20']);
  });

  it('leave the credit out when there is none', () => {
    render(<CartTotals cart={cart({ subtotal: 19900, discount: 0, shipping: 0, credit: 0, total: 19900 })} />);
    expect(screen.queryByText('Referral credit')).toBeNull();
  });
});
