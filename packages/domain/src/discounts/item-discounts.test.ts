import { describe, expect, it } from 'vitest';
import { itemDiscounts } from './item-discounts';
import { applyPromotions, type Promotion } from './promotions';

const promotion = (overrides: Partial<Promotion>): Promotion => ({
  code: 'P',
  name: 'Promotion',
  kind: 'percentage',
  value: 20,
  couponCode: null,
  exclusive: false,
  firstOrderOnly: false,
  perPatientLimit: null,
  referral: false,
  variantCodes: [],
  ...overrides,
});
const line = (variantCode: string, total: number) => ({ variantCode, total });
const amounts = (shares: ReturnType<typeof itemDiscounts>) => shares.map((list) => list.map((share) => [share.code, share.amount.current]));

function split(promotions: Promotion[], lines: ReturnType<typeof line>[]) {
  return itemDiscounts(applyPromotions(promotions, lines, { isFirstOrder: true }), promotions, lines);
}

describe('itemDiscounts', () => {
  it('splits a discount over the lines in proportion, to the penny', () => {
    const shares = split([promotion({ code: 'TENNER', kind: 'fixed', value: 1000 })], [line('A', 1299), line('B', 999), line('C', 2697)]);
    expect(amounts(shares)).toEqual([[['TENNER', 260]], [['TENNER', 200]], [['TENNER', 540]]]);
    expect(shares.flat().reduce((sum, share) => sum + share.amount.current, 0)).toBe(1000);
    expect(shares[0]![0]).toEqual({ code: 'TENNER', name: 'Promotion', amount: { current: 260 } });
  });

  it('gives a product-specific discount to its own lines only', () => {
    const shares = split([promotion({ code: 'TRIAL', kind: 'fixed', value: 500, variantCodes: ['T'] })], [line('A', 1000), line('T', 500)]);
    expect(amounts(shares)).toEqual([[], [['TRIAL', 500]]]);
  });

  it('never takes more off a line than it costs: what stacks beyond falls to the other lines', () => {
    const promotions = [
      promotion({ code: 'TRIAL', kind: 'fixed', value: 500, variantCodes: ['T'] }),
      promotion({ code: 'HALF', kind: 'percentage', value: 50, variantCodes: ['T'] }),
    ];
    const shares = split(promotions, [line('T', 600), line('A', 1000)]);
    expect(amounts(shares)).toEqual([[['TRIAL', 500], ['HALF', 100]], [['HALF', 200]]]);
    for (const [index, list] of shares.entries()) {
      expect(list.reduce((sum, share) => sum + share.amount.current, 0)).toBeLessThanOrEqual([600, 1000][index]!);
    }
  });

  it('has nothing to split without discounts or lines', () => {
    expect(itemDiscounts([], [], [line('A', 100)])).toEqual([[]]);
    expect(itemDiscounts([], [], [])).toEqual([]);
  });
});
