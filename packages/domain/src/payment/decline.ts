/**
 * Why a payment was declined, as a patient can act on it. Gateways answer in their own words ('Declined - Do Not
 * Honour', 'Insufficient Funds', '20054 Expired Card'…); those stay in the order's history and the logs, and the
 * patient reads only the plain English here, with what to do next.
 */
export const DECLINE_REASONS = ['insufficient_funds', 'expired_card', 'card_details', 'authentication_failed', 'paypal_cancelled', 'bank_unavailable', 'saved_card_unusable', 'bank_declined'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const DECLINE_MESSAGES: Readonly<Record<DeclineReason, string>> = {
  insufficient_funds: 'Your bank declined the payment because of the balance or limit on your card. Nothing has been charged. Please use another card or payment method, or contact your bank.',
  expired_card: 'Your bank says this card has expired. Nothing has been charged. Please use another card or payment method.',
  card_details: 'Your bank could not match the card details. Nothing has been charged. Please check the card number, expiry date and security code, or use another card.',
  authentication_failed: 'Your bank could not confirm it was you, so the payment did not go through. Nothing has been charged. Please try again, or use another card or payment method.',
  paypal_cancelled: 'The PayPal payment was cancelled, so nothing has been charged. Please try again, or pay by card.',
  bank_unavailable: 'Your bank did not answer in time, so nothing has been charged. Please try again in a few minutes, or use another card.',
  saved_card_unusable: 'Your saved card can no longer be used. Nothing has been charged. Please add another card or payment method.',
  bank_declined: 'Your bank declined the payment without giving us a reason. Nothing has been charged. Please use another card or payment method, or contact your bank to allow the payment.',
};

/** The gateway's words, matched by their meaning; anything unknown is the bank's unexplained decline. */
const PATTERNS: readonly [RegExp, DeclineReason][] = [
  [/insufficient|funds|limit exceeded|exceeds? (the )?(withdrawal |amount )?limit|over limit/i, 'insufficient_funds'],
  [/invalid card|card number|security code|cvv|cvc|bad track|incorrect (payment|card)|no such (card|issuer)/i, 'card_details'],
  [/expired/i, 'expired_card'],
  [/3-?d ?s(ecure)?|3ds|authenticat/i, 'authentication_failed'],
  [/paypal/i, 'paypal_cancelled'],
  [/unavailable|timeout|timed out|did not answer|not respond|try again later/i, 'bank_unavailable'],
  [/saved card|no card|card on file|can no longer be used/i, 'saved_card_unusable'],
];

export function declineReasonOf(gatewayText: string | null | undefined): DeclineReason {
  const text = gatewayText ?? '';
  return PATTERNS.find(([pattern]) => pattern.test(text))?.[1] ?? 'bank_declined';
}

/** What the patient reads for a decline: a reason the API sent, or else the unexplained decline. */
export function declineMessage(reason: unknown): string {
  return typeof reason === 'string' && (DECLINE_REASONS as readonly string[]).includes(reason) ? DECLINE_MESSAGES[reason as DeclineReason] : DECLINE_MESSAGES.bank_declined;
}
