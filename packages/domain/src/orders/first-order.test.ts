import { describe, expect, it } from 'vitest';
import { isFirstOrder, PLACED_ORDER_STATES } from './first-order';

describe('first order', () => {
  it('counts every state after placement, and neither a pending nor a failed payment', () => {
    expect([...PLACED_ORDER_STATES].sort()).toEqual(['approved', 'awaiting_patient', 'cancelled', 'delivered', 'dispatched', 'in_review', 'refunded', 'rejected']);
  });

  it('is a first order for a patient without a placed order, and for a visitor not yet known', () => {
    expect(isFirstOrder(0)).toBe(true);
    expect(isFirstOrder(null)).toBe(true);
    expect(isFirstOrder(1)).toBe(false);
  });
});
