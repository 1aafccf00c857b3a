import { describe, expect, it } from 'vitest';
import { orderCompletePath } from './order-complete-path';

describe('orderCompletePath', () => {
  it('keeps an order that followed a consultation under its consultation', () => {
    expect(orderCompletePath('weight-loss', 'EH-AB12-3456')).toBe('/n/weight-loss/order/complete/EH-AB12-3456');
  });
  it('puts an order of products bought directly under the basket', () => {
    expect(orderCompletePath(null, 'EH-AB12-3456')).toBe('/basket/complete/EH-AB12-3456');
  });
});
