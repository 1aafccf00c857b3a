import type { Pence } from '@elmwood/domain';

/** Where the money comes from: a card tokenised in the browser, a saved card, or a wallet token. */
export type PaymentSource =
  | { type: 'token'; token: string }
  | { type: 'saved-card'; sourceId: string }
  | { type: 'applepay'; tokenData: { version: string; data: string; signature: string; header: Record<string, string> } }
  | { type: 'googlepay'; tokenData: { protocolVersion: string; signature: string; signedMessage: string } };

/** A card kept at the gateway for renewals; the shop only ever holds these display details. */
export interface SavedCard {
  sourceId: string;
  brand: string;
  expiryMonth: number;
  expiryYear: number;
  last4: string;
}

export type Authorisation =
  | { status: 'authorised'; paymentId: string; card: SavedCard | null }
  | { status: 'challenge'; paymentId: string; challengeUrl: string }
  | { status: 'declined'; paymentId: string | null; reason: string };

export interface AuthoriseRequest {
  amount: Pence;
  reference: string;
  source: PaymentSource;
  customerEmail: string;
  /** Keep the card for renewals (the patient chose a subscription). */
  saveCard: boolean;
  /** Where the 3-D Secure challenge returns the patient. */
  returnUrls: { success: string; failure: string };
  idempotencyKey: string;
}

export interface RenewalCharge {
  amount: Pence;
  reference: string;
  sourceId: string;
  previousPaymentId: string;
  idempotencyKey: string;
}

export class PaymentGatewayError extends Error {}

/**
 * The card payment provider. Payments are authorised at checkout and captured only once a clinician
 * has approved the order; a rejected order is voided, a returned one refunded.
 */
export interface PaymentGateway {
  authorise(request: AuthoriseRequest): Promise<Authorisation>;
  /** The outcome once the patient has finished (or abandoned) a 3-D Secure challenge. */
  outcome(paymentId: string): Promise<Authorisation>;
  capture(paymentId: string, amount: Pence, idempotencyKey: string): Promise<void>;
  void(paymentId: string, idempotencyKey: string): Promise<void>;
  refund(paymentId: string, amount: Pence, idempotencyKey: string): Promise<void>;
  /** A merchant-initiated charge on a saved card (subscription renewals). */
  chargeSavedCard(charge: RenewalCharge): Promise<Authorisation>;
}
