/** What the patient types into the card form, before the provider tokenises it. */
export interface CardInput {
  name: string;
  number: string;
  /** 'MM/YY' (spaces and a missing slash tolerated). */
  expiry: string;
  cvc: string;
}

export interface CardDetails {
  name: string;
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
}

export const cardDigits = (number: string): string => number.replace(/[\s-]/g, '');

/** The Luhn check every card number passes (catches most typing slips before the provider sees them). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 'MM/YY' or 'MM/YYYY' as month and four-digit year; null when it is no date. */
export function parseCardExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card works until the end of its expiry month. */
export function isCardExpired(expiry: { month: number; year: number }, today: Date): boolean {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

/** The card form's checks; null means the details can go to the provider. `name` is the holder-name error. */
export function checkCard(input: CardInput, today: Date): { valid: true; card: CardDetails } | { valid: false; nameMissing: boolean } {
  const name = input.name.trim();
  const number = cardDigits(input.number);
  const expiry = parseCardExpiry(input.expiry);
  const cvc = input.cvc.trim();
  const valid = name.length > 0 && passesLuhn(number) && expiry !== null && !isCardExpired(expiry, today) && /^\d{3,4}$/.test(cvc);
  if (!valid || !expiry) return { valid: false, nameMissing: name.length === 0 };
  return { valid: true, card: { name, number, expiryMonth: expiry.month, expiryYear: expiry.year, cvc } };
}
