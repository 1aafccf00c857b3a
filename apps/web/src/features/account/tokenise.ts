import { INVALID_CARD_DETAILS, type CardDetails, type PaymentConfig } from '@elmwood/domain';
import { ApiError } from '../../lib/api';

/**
 * Sends the card straight to the payment provider (Checkout.com's POST /tokens shape), so the number never
 * reaches the shop; the shop gets only the token.
 */
export async function tokeniseCard(config: PaymentConfig, card: CardDetails): Promise<string> {
  let response: Response;
  try {
    response = await fetch(config.tokensUrl, {
      method: 'POST',
      headers: { Authorization: config.publicKey, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ type: 'card', number: card.number, expiry_month: card.expiryMonth, expiry_year: card.expiryYear, cvv: card.cvc, name: card.name }),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'We could not reach our payment provider. Check your connection and try again.');
  }
  const body = (await response.json().catch(() => null)) as { token?: unknown } | null;
  if (!response.ok || typeof body?.token !== 'string') throw new ApiError(response.status, 'CARD_REFUSED', INVALID_CARD_DETAILS);
  return body.token;
}
