/**
 * First names usually given to girls in England and Wales (ONS baby-name lists). For treatments
 * prescribed only to men, such a name asks the patient to confirm their legal name, that they were
 * born male and that they buy for themselves: a safety check, never a refusal.
 */
const FEMALE_FIRST_NAMES = new Set(
  [
    'alice', 'amelia', 'amy', 'anna', 'charlotte', 'chloe', 'claire', 'daisy', 'elizabeth', 'ella', 'ellie', 'emily', 'emma',
    'eva', 'evie', 'florence', 'freya', 'grace', 'hannah', 'harriet', 'helen', 'holly', 'isabella', 'isla', 'ivy', 'jade',
    'jasmine', 'jennifer', 'jessica', 'julia', 'karen', 'katie', 'laura', 'lauren', 'lily', 'lucy', 'maisie', 'margaret',
    'maria', 'mary', 'matilda', 'megan', 'mia', 'millie', 'molly', 'nicola', 'olivia', 'phoebe', 'poppy', 'rachel', 'rebecca',
    'rosie', 'ruby', 'sarah', 'scarlett', 'sophia', 'sophie', 'susan', 'victoria', 'zara',
  ],
);

export function isFemaleFirstName(firstName: string): boolean {
  const first = firstName.trim().toLowerCase().split(/[\s-]+/)[0] ?? '';
  return FEMALE_FIRST_NAMES.has(first);
}

/** The confirmation shows only for a male-only treatment and a name on the list. */
export function needsNameConfirmation(firstName: string, maleOnlyTreatment: boolean): boolean {
  return maleOnlyTreatment && isFemaleFirstName(firstName);
}

/** Treatments prescribed to men only: erectile dysfunction tablets and finasteride. */
export const MALE_ONLY_PRODUCTS: readonly string[] = ['SILDENAFIL', 'TADALAFIL', 'FINASTERIDE'];
