import type { Sourced } from './sourced';

/**
 * Medicines of one pharmacological class: a patient takes one of them at a time, so the shop never offers a second
 * while they have the first (a Mounjaro patient is not 'recommended' Wegovy). Products by catalogue code.
 */
export interface MedicineClass extends Sourced {
  id: string;
  name: string;
  products: readonly string[];
}

export const MEDICINE_CLASSES: readonly MedicineClass[] = [
  {
    id: 'glp1-gip-receptor-agonists',
    name: 'GLP-1 and dual GIP/GLP-1 receptor agonists',
    products: ['WEGOVY', 'OZEMPIC', 'MOUNJARO'],
    source:
      'Wegovy SmPC 4.4 (use with other products for weight management not established); Mounjaro SmPC 4.4 and 5.1 (tirzepatide, a GIP and GLP-1 receptor agonist); Ozempic SmPC 4.4; BNF (semaglutide, tirzepatide: not with another GLP-1 receptor agonist)',
    rationale:
      'Semaglutide (Wegovy, Ozempic) and tirzepatide (Mounjaro) act on the same GLP-1 receptor: two together add the gut side effects and the risks of dehydration and pancreatitis with no studied benefit. A switch is a prescriber’s decision, at the new medicine’s starting dose.',
  },
];

/** The class a product belongs to, or null. */
export const medicineClassOf = (productCode: string, classes: readonly MedicineClass[] = MEDICINE_CLASSES) =>
  classes.find((medicineClass) => medicineClass.products.includes(productCode)) ?? null;

/** Whether offering `candidate` to a patient who takes `taken` would give them a second medicine of one class. */
export function secondOfClass(candidate: string, taken: readonly string[], classes: readonly MedicineClass[] = MEDICINE_CLASSES): boolean {
  const candidateClass = medicineClassOf(candidate, classes);
  return candidateClass !== null && taken.some((code) => code !== candidate && candidateClass.products.includes(code));
}

/** What may be offered to a patient who takes `taken`: every candidate but a second medicine of a class they are on. */
export function withoutSecondOfClass<T>(candidates: readonly T[], taken: readonly string[], codeOf: (candidate: T) => string, classes: readonly MedicineClass[] = MEDICINE_CLASSES): T[] {
  return candidates.filter((candidate) => !secondOfClass(codeOf(candidate), taken, classes));
}
