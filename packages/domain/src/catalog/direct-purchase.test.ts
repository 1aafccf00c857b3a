import { describe, expect, it } from 'vitest';
import { isBoughtDirectly, needsConsultation, needsNoPrescriber } from './direct-purchase';

const multivitamin = { code: 'DAILY-MULTIVITAMIN', isPrescriptionOnly: false };
const shampoo = { code: 'POWER-SHAMPOO', isPrescriptionOnly: false };
const minoxidil = { code: 'MINOXIDIL', isPrescriptionOnly: false };
const wegovy = { code: 'WEGOVY', isPrescriptionOnly: true };

describe('direct purchase', () => {
  it('sells supplements and cosmetics straight into the basket', () => {
    expect(isBoughtDirectly(multivitamin)).toBe(true);
    expect(isBoughtDirectly(shampoo)).toBe(true);
  });
  it('keeps the consultation for prescription-only and pharmacy medicines', () => {
    expect(needsConsultation(wegovy)).toBe(true);
    expect(needsConsultation(minoxidil)).toBe(true);
    expect(isBoughtDirectly(minoxidil)).toBe(false);
  });
  it('needs no prescriber only when every line is bought directly', () => {
    expect(needsNoPrescriber([multivitamin, shampoo])).toBe(true);
    expect(needsNoPrescriber([multivitamin, wegovy])).toBe(false);
    expect(needsNoPrescriber([multivitamin, minoxidil])).toBe(false);
    expect(needsNoPrescriber([])).toBe(false);
  });
});
