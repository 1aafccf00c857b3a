import { needsConsultation, type Product } from '@elmwood/domain';

/**
 * How a recommended treatment is supplied, as its carousel bullet says it: a pharmacy medicine (minoxidil) needs no
 * prescription but is still sold only after the consultation a pharmacist checks, so it must not read as bought freely.
 */
export function prescriptionBullet(product: Pick<Product, 'code' | 'isPrescriptionOnly'>): string {
  if (product.isPrescriptionOnly) return 'Prescribed by a UK clinician after your consultation';
  if (needsConsultation(product)) return 'No prescription needed: a pharmacist checks your consultation';
  return 'No prescription needed';
}
