import { z } from 'zod';

/** How the patient pays (SPEC §4 Payment mode). */
export const PAYMENT_MODES = ['NEW_CARD', 'EXISTING_CARD', 'ADYEN_PAYPAL', 'APPLEPAY', 'ADYEN_APPLEPAY', 'GOOGLEPAY'] as const;
export const paymentModeSchema = z.enum(PAYMENT_MODES);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/** PayPal shows only for a non-empty cart whose total lies strictly inside this window (SPEC §9, pence). */
export const PAYPAL_TOTAL_WINDOW = { above: 4500, below: 200000 } as const;

/** Apple Pay request constants (SPEC §9). */
export const APPLE_PAY = {
  countryCode: 'GB',
  currencyCode: 'GBP',
  supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
  merchantCapabilities: ['supports3DS'],
  shippingLabel: '1-2 business days after prescription approval',
  version: 6,
} as const;

/** Google Pay card parameters (SPEC §9). */
export const GOOGLE_PAY = {
  allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
  allowedCardNetworks: ['AMEX', 'MASTERCARD', 'VISA'],
  countryCode: 'GB',
  currencyCode: 'GBP',
} as const;

/** Card networks the card form accepts. */
export const CARD_NETWORKS = ['Amex', 'Mastercard', 'Visa'] as const;

export const INVALID_CARD_DETAILS = 'Please enter valid card details';
export const INVALID_PAYMENT_TOKEN = 'Invalid payment token';
export const PAYMENT_CANCELLED = 'Payment Cancelled';
