import type { PaymentMode } from './modes';
import type { PaymentTokenProvider } from './token-providers';

/**
 * Which saved-token provider a payment made in this mode leaves behind when the patient subscribes: cards and
 * wallets go through the card provider (Checkout.com), PayPal is kept as a PayPal agreement. Paying with a
 * saved card saves nothing new.
 */
export function tokenProviderForMode(mode: PaymentMode): PaymentTokenProvider | null {
  switch (mode) {
    case 'NEW_CARD':
      return 'checkout_card';
    case 'APPLEPAY':
    case 'ADYEN_APPLEPAY':
      return 'checkout_applepay';
    case 'GOOGLEPAY':
      return 'checkout_googlepay';
    case 'ADYEN_PAYPAL':
      return 'adyen_paypal';
    case 'EXISTING_CARD':
      return null;
  }
}
