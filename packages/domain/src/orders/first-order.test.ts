import { describe, expect, it } from 'vitest';
import { PLACED_ORDER_STATES } from './first-order';

describe('placed orders', () => {
  it('counts every state after placement, and neither a pending nor a failed payment', () => {
    expect([...PLACED_ORDER_STATES].sort()).toEqual(['approved', 'awaiting_patient', 'cancelled', 'delivered', 'dispatched', 'in_review', 'refunded', 'rejected']);
  });
});
