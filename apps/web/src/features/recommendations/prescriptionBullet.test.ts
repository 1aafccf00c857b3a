import { describe, expect, it } from 'vitest';
import { prescriptionBullet } from './prescriptionBullet';

describe('the carousel bullet on how a treatment is supplied', () => {
  it('names the prescriber for a prescription-only medicine', () => {
    expect(prescriptionBullet({ code: 'FINASTERIDE', isPrescriptionOnly: true })).toBe('Prescribed by a UK clinician after your consultation');
  });

  it('says a pharmacy medicine (minoxidil) needs no prescription but a pharmacist checks the consultation', () => {
    for (const code of ['MINOXIDIL', 'MINOXIDIL-WOMEN-2', 'MINOXIDIL-FOAM-5']) {
      expect(prescriptionBullet({ code, isPrescriptionOnly: false })).toBe('No prescription needed: a pharmacist checks your consultation');
    }
  });

  it('says only that no prescription is needed for a product bought directly', () => {
    expect(prescriptionBullet({ code: 'DAILY-MULTIVITAMIN', isPrescriptionOnly: false })).toBe('No prescription needed');
    expect(prescriptionBullet({ code: 'POWER-SHAMPOO', isPrescriptionOnly: false })).toBe('No prescription needed');
  });
});
