/**
 * The six kinds of saved payment token (SPEC §3 Payment token providers): cards and wallets tokenised by the
 * card provider, and the Adyen-held card, wallet and PayPal agreements older accounts still have. Each
 * provider stores its details in its own shape; the shop shows them all as brand, expiry and last four.
 */
export const PAYMENT_TOKEN_PROVIDERS = {
  checkout_card: 'card',
  checkout_applepay: 'wallet',
  checkout_googlepay: 'wallet',
  adyen_card: 'card',
  adyen_applepay: 'wallet',
  adyen_paypal: 'paypal',
} as const;
export type PaymentTokenProvider = keyof typeof PAYMENT_TOKEN_PROVIDERS;
export type PaymentTokenKind = (typeof PAYMENT_TOKEN_PROVIDERS)[PaymentTokenProvider];

export function isPaymentTokenProvider(value: string): value is PaymentTokenProvider {
  return Object.hasOwn(PAYMENT_TOKEN_PROVIDERS, value);
}

export interface PaymentTokenSummary {
  brand: string;
  last4: string;
  expiryMonth: number | null;
  expiryYear: number | null;
}

type Raw = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

function month(value: unknown): number | null {
  const parsed = Number.parseInt(text(value), 10);
  return Number.isInteger(parsed) && parsed >= 1 && parsed <= 12 ? parsed : null;
}

/** Two-digit years ('27') are this century's. */
function year(value: unknown): number | null {
  const parsed = Number.parseInt(text(value), 10);
  if (!Number.isInteger(parsed) || parsed < 0) return null;
  return parsed < 100 ? 2000 + parsed : parsed;
}

const lastFour = (value: unknown): string => text(value).replace(/\D/g, '').slice(-4);

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mc: 'Mastercard',
  mastercard: 'Mastercard',
  amex: 'Amex',
  'american express': 'Amex',
  discover: 'Discover',
};

function brandName(value: unknown): string {
  const raw = text(value);
  return BRAND_NAMES[raw.toLowerCase()] ?? raw;
}

/** Adyen keeps expiry as 'MM/YYYY' in one field on older records. */
function adyenExpiry(raw: Raw): { expiryMonth: number | null; expiryYear: number | null } {
  if (raw.expiryMonth !== undefined || raw.expiryYear !== undefined) return { expiryMonth: month(raw.expiryMonth), expiryYear: year(raw.expiryYear) };
  const [mm, yyyy] = text(raw.expiryDate).split('/');
  return { expiryMonth: month(mm), expiryYear: year(yyyy) };
}

/** One provider's stored details as the brand, last four and expiry the patient recognises. */
export function paymentTokenSummary(provider: PaymentTokenProvider, raw: Raw): PaymentTokenSummary {
  switch (provider) {
    case 'checkout_card':
      return { brand: brandName(raw.scheme), last4: lastFour(raw.last4), expiryMonth: month(raw.expiry_month), expiryYear: year(raw.expiry_year) };
    case 'checkout_applepay':
      return { brand: 'Apple Pay', last4: lastFour(raw.last4), expiryMonth: month(raw.expiry_month), expiryYear: year(raw.expiry_year) };
    case 'checkout_googlepay':
      return { brand: 'Google Pay', last4: lastFour(raw.last4), expiryMonth: month(raw.expiry_month), expiryYear: year(raw.expiry_year) };
    case 'adyen_card':
      return { brand: brandName(raw.brand), last4: lastFour(raw.cardSummary ?? raw.lastFour), ...adyenExpiry(raw) };
    case 'adyen_applepay':
      return { brand: 'Apple Pay', last4: lastFour(raw.cardSummary ?? raw.lastFour), ...adyenExpiry(raw) };
    case 'adyen_paypal':
      // A PayPal agreement has no card number or expiry.
      return { brand: 'PayPal', last4: '', expiryMonth: null, expiryYear: null };
  }
}
