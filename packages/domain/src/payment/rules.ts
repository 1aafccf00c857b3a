import { PAYPAL_TOTAL_WINDOW, type PaymentMode } from './modes';

/** Modes where the wallet sheet itself collects the payment, so no card form has to be valid. */
export const WALLET_MODES: readonly PaymentMode[] = ['ADYEN_PAYPAL', 'APPLEPAY', 'ADYEN_APPLEPAY', 'GOOGLEPAY'];

export function isWalletMode(mode: PaymentMode): boolean {
  return WALLET_MODES.includes(mode);
}

export const PAYPAL_BRAND = 'PayPal';

export interface SavedCardSummary {
  brand: string;
}

/**
 * Where the payment step starts (SPEC §4): Apple Pay through the card provider when this device can pay with
 * an active card; else the saved card when the patient has an email and one; else a new card. A saved
 * 'card' that is really a PayPal account starts in PayPal mode.
 */
export function defaultPaymentMode(input: { applePayWithActiveCard: boolean; hasEmail: boolean; savedCard: SavedCardSummary | null }): PaymentMode {
  if (input.applePayWithActiveCard) return 'APPLEPAY';
  if (input.hasEmail && input.savedCard) return isPayPalBrand(input.savedCard.brand) ? 'ADYEN_PAYPAL' : 'EXISTING_CARD';
  return 'NEW_CARD';
}

export function isPayPalBrand(brand: string): boolean {
  return brand.trim().toLowerCase() === PAYPAL_BRAND.toLowerCase();
}

/**
 * The place-order button (SPEC §4): off while a call is under way and once the order is complete; in card
 * modes it also needs a valid new-card form, or a saved card to pay with.
 */
export function orderButtonDisabled(input: {
  mode: PaymentMode;
  fetching: boolean;
  orderComplete: boolean;
  newCardValid: boolean;
  hasExistingCard: boolean;
}): boolean {
  if (input.fetching || input.orderComplete) return true;
  if (isWalletMode(input.mode)) return false;
  if (input.mode === 'EXISTING_CARD') return !input.hasExistingCard;
  return !input.newCardValid;
}

/**
 * Whether an order takes a payment. A basket its discounts make free (the £12.99 multivitamin with SAVE10) is placed
 * without one: the gateway cannot authorise £0, and a minimum charge would bill the patient for a free order.
 */
export function isPaymentNeeded(total: number): boolean {
  return total > 0;
}

/** PayPal is offered only for a non-empty cart whose total lies strictly inside the window (SPEC §4, §9). */
export function payPalAvailable(input: { itemCount: number; total: number }): boolean {
  return input.itemCount > 0 && input.total > PAYPAL_TOTAL_WINDOW.above && input.total < PAYPAL_TOTAL_WINDOW.below;
}

const GOOGLE_PAY_TOTAL = /^\d+(\.\d{1,2})?$/;

/** Google Pay wants the total as a decimal string with at most two decimals (SPEC §5). */
export function isGooglePayTotal(value: string): boolean {
  return GOOGLE_PAY_TOTAL.test(value);
}

export function googlePayTotal(pence: number): string {
  if (!Number.isInteger(pence) || pence < 0) throw new RangeError(`Not an amount in pence: ${pence}`);
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}
