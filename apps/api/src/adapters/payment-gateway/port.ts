import type { GatewayPaymentRecord, Pence } from '@elmwood/domain';

export interface ApplePayTokenData {
  version: string;
  data: string;
  signature: string;
  header: Record<string, string>;
}
export interface GooglePayTokenData {
  protocolVersion: string;
  signature: string;
  signedMessage: string;
}

/**
 * Where the money comes from: a card or wallet tokenised in the browser with the provider's public key, a card
 * the gateway keeps for this patient, a wallet token still to be tokenised, or PayPal (approved by the patient
 * on PayPal's page).
 */
export type PaymentSource =
  | { type: 'token'; token: string }
  | { type: 'saved-card'; sourceId: string }
  | { type: 'applepay'; tokenData: ApplePayTokenData }
  | { type: 'googlepay'; tokenData: GooglePayTokenData }
  | { type: 'paypal' };

/** What kind of instrument paid: it decides which saved-token provider code the shop records. */
export type SourceKind = 'card' | 'applepay' | 'googlepay' | 'paypal';

/** A card kept at the gateway for renewals; the shop only ever holds these display details. */
export interface SavedCard {
  sourceId: string;
  kind: SourceKind;
  brand: string;
  expiryMonth: number | null;
  expiryYear: number | null;
  last4: string;
}

/** The display details of what paid (never a card number): 'Visa ending 4242', 'PayPal'. */
export interface PaidWith {
  brand: string;
  last4: string;
}

/**
 * `cardFingerprint`: the provider's identifier of the card number itself, the same for every token, customer and
 * merchant account (Checkout.com source.fingerprint): card testing is counted per card, and a friend paying with the
 * referrer's card is seen, without the shop ever holding the number. Null or absent when the reply names no card.
 */
export type Authorisation =
  /** `card` when the card was kept for renewals; `paidWith` what the patient paid with, for their order page and receipt. */
  | { status: 'authorised'; paymentId: string; card: SavedCard | null; paidWith?: PaidWith | null; cardFingerprint?: string | null }
  /** The patient must act first: a 3-D Secure challenge (in a frame) or PayPal's approval page (in a window). */
  | { status: 'challenge'; paymentId: string; challengeUrl: string; action: '3ds' | 'paypal' }
  | { status: 'declined'; paymentId: string | null; reason: string; cardFingerprint?: string | null };

/**
 * One payment the gateway holds under a reference, as it stands now. pending: the patient has not finished
 * 3-D Secure or PayPal yet; authorised: money is held, uncaptured.
 */
export type GatewayPayment = GatewayPaymentRecord;

export interface AuthoriseRequest {
  amount: Pence;
  reference: string;
  source: PaymentSource;
  customerEmail: string;
  /** Keep the card for renewals (the patient chose a subscription). */
  saveCard: boolean;
  /** Where the 3-D Secure challenge or PayPal returns the patient. */
  returnUrls: { success: string; failure: string };
  idempotencyKey: string;
}

export interface RenewalCharge {
  amount: Pence;
  reference: string;
  sourceId: string;
  /** The checkout payment that stored the card: card schemes require it for merchant-initiated charges. */
  previousPaymentId: string;
  idempotencyKey: string;
}

/**
 * Keeping a card tokenised in the browser for later renewals, without taking money: a zero-amount card
 * verification that stores the card (Checkout.com's 'Card Verified'). Its payment id is the customer-initiated
 * payment that later merchant-initiated renewals on this card refer to.
 */
export interface CardVerificationRequest {
  token: string;
  reference: string;
  customerEmail: string;
  returnUrls: { success: string; failure: string };
  idempotencyKey: string;
}

/** A verified notification from the gateway about one payment. */
export interface PaymentEvent {
  id: string;
  type: 'authorised' | 'declined' | 'captured' | 'voided' | 'refunded' | 'other';
  paymentId: string;
  /** The provider's own event name, for the log. */
  providerType: string;
}

export interface ApplePayValidation {
  /** Apple's validation address, from the Apple Pay JS onvalidatemerchant event. */
  validationUrl: string;
  domainName: string;
  merchantIdentifier: string;
  displayName: string;
}

/** The gateway refused the request itself (bad token, action not allowed, provider unreachable). */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    /** 'invalid_token' when the payment token is unknown, expired or already used. */
    readonly reason: 'invalid_token' | 'not_allowed' | 'unavailable' | 'invalid_signature' = 'not_allowed',
  ) {
    super(message);
  }
}

/**
 * The card payment provider. Payments are authorised at checkout and captured only once a clinician
 * has approved the order; a rejected order is voided, a returned one refunded. Every write carries an
 * idempotency key: the same key always gets the first answer and never moves money twice.
 */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'checkout-com';
  authorise(request: AuthoriseRequest): Promise<Authorisation>;
  /** The outcome once the patient has finished (or abandoned) a 3-D Secure challenge or PayPal approval. */
  outcome(paymentId: string): Promise<Authorisation>;
  /**
   * Every payment made under this reference (the shop's order number), newest first: how the shop finds an
   * authorisation whose reply it never recorded (a crash, a lost reply, a replaced attempt) to complete or void it.
   */
  findByReference(reference: string): Promise<GatewayPayment[]>;
  capture(paymentId: string, amount: Pence, idempotencyKey: string): Promise<void>;
  void(paymentId: string, idempotencyKey: string): Promise<void>;
  refund(paymentId: string, amount: Pence, idempotencyKey: string): Promise<void>;
  /** A merchant-initiated charge on a saved card (subscription renewals). */
  chargeSavedCard(charge: RenewalCharge): Promise<Authorisation>;
  /** Verifies and keeps a new card (no money moves); 'authorised' carries the card to save. */
  saveCard(request: CardVerificationRequest): Promise<Authorisation>;
  /**
   * Removes a card the gateway keeps (its source id), so no later merchant-initiated charge can use it. A card the
   * gateway no longer knows counts as removed: deleting twice is fine.
   */
  deleteStoredCard(sourceId: string): Promise<void>;
  /** Checks a webhook's signature and reads it; throws PaymentGatewayError('invalid_signature') when forged. */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentEvent;
  /** Apple Pay merchant validation: the merchant session the browser hands to Apple Pay JS. */
  validateApplePayMerchant(request: ApplePayValidation): Promise<Record<string, unknown>>;
}
