/** How each stored question type is answered; types match whatever their case. */
export type AnswerKind = 'single' | 'multiple' | 'productChoice' | 'text' | 'bmi' | 'weight' | 'datetime' | 'dateOfBirth' | 'date' | 'count';

const KIND_BY_TYPE: Record<string, AnswerKind> = {
  imagechoice: 'single',
  choice: 'single',
  imageselect: 'single',
  multichoice: 'multiple',
  checkbox: 'multiple',
  productchoice: 'productChoice',
  productchoicetype: 'productChoice',
  textarea: 'text',
  bmitype: 'bmi',
  weighttype: 'weight',
  datetime: 'datetime',
  // Not among the spec's types; the clinic needs a date of birth and a free text box is error-prone.
  dobtype: 'dateOfBirth',
  // A past date typed DD/MM/YYYY, such as the day of the last dose.
  datetype: 'date',
  // A whole number such as how many doses were missed: typed, never chosen from ranges the rules would have to guess at.
  counttype: 'count',
};

export function answerKind(type: string): AnswerKind | null {
  return KIND_BY_TYPE[type.toLowerCase()] ?? null;
}

export function invalidQuestionTypeMessage(type: string): string {
  return `Question type ${type} invalid`;
}

/** Product-choice values join the product and the dose: 'MOUNJARO|||MOUNJARO-5MG'. */
export const PRODUCT_CHOICE_SEPARATOR = '|||';

export function splitProductChoice(value: string): { product: string; dose: string | null } {
  const [product = '', dose] = value.split(PRODUCT_CHOICE_SEPARATOR);
  return { product, dose: dose ?? null };
}
