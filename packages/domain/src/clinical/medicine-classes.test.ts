import { describe, expect, it } from 'vitest';
import { MEDICINE_CLASSES, medicineClassOf, secondOfClass, withoutSecondOfClass } from './medicine-classes';

describe('medicine classes', () => {
  it('keeps semaglutide and tirzepatide in one class, with its source', () => {
    expect(medicineClassOf('MOUNJARO')?.id).toBe('glp1-gip-receptor-agonists');
    expect(medicineClassOf('WEGOVY')).toBe(medicineClassOf('OZEMPIC'));
    expect(medicineClassOf('FINASTERIDE')).toBeNull();
    for (const medicineClass of MEDICINE_CLASSES) expect(medicineClass.source).toMatch(/SmPC/);
  });

  it('a second medicine of the class is never offered; the same one, other classes and no treatment are', () => {
    expect(secondOfClass('WEGOVY', ['MOUNJARO'])).toBe(true);
    expect(secondOfClass('MOUNJARO', ['WEGOVY'])).toBe(true);
    expect(secondOfClass('OZEMPIC', ['WEGOVY', 'FINASTERIDE'])).toBe(true);
    expect(secondOfClass('WEGOVY', ['WEGOVY'])).toBe(false);
    expect(secondOfClass('WEGOVY', [])).toBe(false);
    expect(secondOfClass('DAILY-MULTIVITAMIN', ['MOUNJARO'])).toBe(false);
    expect(secondOfClass('MINOXIDIL', ['FINASTERIDE'])).toBe(false);
  });

  it('filters a list of offers by its codes', () => {
    const offers = [{ code: 'WEGOVY' }, { code: 'OZEMPIC' }, { code: 'DAILY-MULTIVITAMIN' }];
    expect(withoutSecondOfClass(offers, ['MOUNJARO'], (offer) => offer.code)).toEqual([{ code: 'DAILY-MULTIVITAMIN' }]);
    expect(withoutSecondOfClass(offers, [], (offer) => offer.code)).toEqual(offers);
  });
});
