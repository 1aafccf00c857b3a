import { describe, expect, it } from 'vitest';
import { STANDARD_VAT_RATE, vatRateOf, vatSummary, vatWithin } from './vat';

const medicine = (total: number) => ({ isPrescriptionOnly: true, total });
const supplement = (total: number) => ({ isPrescriptionOnly: false, total });

describe('UK VAT on an order (HMRC VAT Notice 701/57)', () => {
  it('zero-rates a prescription-only medicine and standard-rates a supplement at 20%', () => {
    expect(vatRateOf({ isPrescriptionOnly: true })).toBe(0);
    expect(vatRateOf({ isPrescriptionOnly: false })).toBe(STANDARD_VAT_RATE);
    expect(STANDARD_VAT_RATE).toBe(20);
  });

  it('finds the VAT within a VAT-inclusive price, to the penny', () => {
    expect(vatWithin(1200, 20)).toBe(200);
    expect(vatWithin(999, 20)).toBe(167);
    expect(vatWithin(19900, 0)).toBe(0);
  });

  it('charges no VAT on a prescription order', () => {
    expect(vatSummary([medicine(19900)], 19900)).toEqual([{ rate: 0, gross: 19900, net: 19900, vat: 0 }]);
  });

  it('shows the VAT within a supplement bought alone, delivery included', () => {
    expect(vatSummary([supplement(999)], 999 + 399)).toEqual([{ rate: 20, gross: 1398, net: 1165, vat: 233 }]);
  });

  it('shares what was paid between the rates by value, adding up to the total exactly', () => {
    // £199 medicine and £9.99 supplement, £20 off: paid £188.99.
    const lines = vatSummary([medicine(19900), supplement(999)], 18899);
    expect(lines.map((line) => line.rate)).toEqual([0, 20]);
    expect(lines.reduce((sum, line) => sum + line.gross, 0)).toBe(18899);
    expect(lines[0]).toEqual({ rate: 0, gross: Math.round((18899 * 19900) / 20899), net: Math.round((18899 * 19900) / 20899), vat: 0 });
    expect(lines[1]!.vat).toBe(vatWithin(lines[1]!.gross, 20));
    expect(lines[1]!.net + lines[1]!.vat).toBe(lines[1]!.gross);
  });

  it('has nothing to show for a £0 order or one without lines', () => {
    expect(vatSummary([supplement(999)], 0)).toEqual([{ rate: 20, gross: 0, net: 0, vat: 0 }]);
    expect(vatSummary([], 0)).toEqual([]);
  });
});
