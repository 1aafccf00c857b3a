import { INVALID_CARD_DETAILS, INVALID_PAYMENT_TOKEN, type CardDetails, type PaymentConfig } from '@elmwood/domain';
import { ApiError } from '../../lib/api';

/** What the provider's /tokens endpoint is given (Checkout.com's shape; the sandbox speaks the same). */
export type TokenRequest =
  | { type: 'card'; number: string; expiry_month: number; expiry_year: number; cvv: string; name: string }
  | { type: 'applepay'; token_data: { version: string; data: string; signature: string; header: Record<string, string> } }
  | { type: 'googlepay'; token_data: { protocolVersion: string; signature: string; signedMessage: string } };

export function cardTokenRequest(card: CardDetails): TokenRequest {
  return { type: 'card', number: card.number, expiry_month: card.expiryMonth, expiry_year: card.expiryYear, cvv: card.cvc, name: card.name };
}

/**
 * Card and wallet details go to the payment provider only, straight from the browser; the shop receives the
 * provider's one-time token. A card the provider refuses reads as invalid details; anything else as an
 * unusable token.
 */
export async function tokenise(config: Pick<PaymentConfig, 'tokensUrl' | 'publicKey'>, request: TokenRequest): Promise<string> {
  let response: Response;
  try {
    response = await fetch(config.tokensUrl, {
      method: 'POST',
      credentials: 'omit',
      headers: { Authorization: config.publicKey, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'We could not reach our payment provider. Check your connection and try again.');
  }
  const payload = (await response.json().catch(() => null)) as { token?: unknown } | null;
  if (response.status === 422 && request.type === 'card') throw new ApiError(422, 'INVALID_CARD_DETAILS', INVALID_CARD_DETAILS);
  if (!response.ok || typeof payload?.token !== 'string' || payload.token === '') {
    throw new ApiError(response.status || 422, 'INVALID_PAYMENT_TOKEN', INVALID_PAYMENT_TOKEN);
  }
  return payload.token;
}
