import type { Authorisation, AuthoriseRequest, PaymentGateway, PaymentSource, RenewalCharge, SavedCard } from './port';
import { PaymentGatewayError } from './port';

const TIMEOUT_MS = 15_000;

interface CkoSource {
  id?: string;
  scheme?: string;
  expiry_month?: number;
  expiry_year?: number;
  last4?: string;
}
interface CkoPayment {
  id?: string;
  status?: string;
  approved?: boolean;
  response_summary?: string;
  source?: CkoSource;
  _links?: { redirect?: { href?: string } };
  error_type?: string;
  error_codes?: string[];
}

/**
 * Checkout.com's Unified Payments API: cards and wallets are tokenised in the browser with the public
 * key (so card numbers never reach the shop); the server authorises with the secret key (`capture:
 * false`, 3-D Secure on), then captures, voids or refunds by payment id. Every write carries a
 * Cko-Idempotency-Key.
 */
export function checkoutComGateway({
  secretKey,
  publicKey,
  baseUrl,
  processingChannelId,
}: {
  secretKey: string;
  publicKey: string;
  baseUrl: string;
  processingChannelId?: string;
}): PaymentGateway {
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
    key: string = secretKey,
  ): Promise<{ status: number; body: T }> {
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          ...(idempotencyKey ? { 'Cko-Idempotency-Key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new PaymentGatewayError('The payment provider did not answer');
    }
    const parsed = (await response.json().catch(() => ({}))) as T & CkoPayment;
    if (response.status >= 400 && response.status !== 402) {
      throw new PaymentGatewayError(`The payment provider refused the request (${response.status} ${parsed.error_type ?? ''})`.trim());
    }
    return { status: response.status, body: parsed };
  }

  const toAuthorisation = (payment: CkoPayment, saveCard: boolean): Authorisation => {
    const id = payment.id ?? null;
    if (payment.status === 'Pending' && payment._links?.redirect?.href && id) {
      return { status: 'challenge', paymentId: id, challengeUrl: payment._links.redirect.href };
    }
    if ((payment.status === 'Authorized' || payment.status === 'Card Verified' || payment.status === 'Captured') && payment.approved !== false && id) {
      return { status: 'authorised', paymentId: id, card: saveCard ? savedCard(payment.source) : null };
    }
    return { status: 'declined', paymentId: id, reason: payment.response_summary ?? 'The card was declined' };
  };

  /** Apple Pay and Google Pay tokens become a card token first (POST /tokens with the public key). */
  async function ckoSource(source: PaymentSource, saveCard: boolean) {
    switch (source.type) {
      case 'token':
        return { type: 'token', token: source.token, store_for_future_use: saveCard };
      case 'saved-card':
        return { type: 'id', id: source.sourceId };
      case 'applepay':
      case 'googlepay': {
        const { body } = await call<{ token?: string }>('POST', '/tokens', { type: source.type, token_data: source.tokenData }, undefined, publicKey);
        if (!body.token) throw new PaymentGatewayError('Invalid payment token');
        return { type: 'token', token: body.token, store_for_future_use: saveCard };
      }
    }
  }

  return {
    async authorise(request: AuthoriseRequest) {
      const { body } = await call<CkoPayment>(
        'POST',
        '/payments',
        {
          source: await ckoSource(request.source, request.saveCard),
          amount: request.amount,
          currency: 'GBP',
          reference: request.reference,
          capture: false,
          customer: { email: request.customerEmail },
          '3ds': { enabled: true },
          success_url: request.returnUrls.success,
          failure_url: request.returnUrls.failure,
          payment_type: request.saveCard ? 'Recurring' : 'Regular',
          ...(processingChannelId ? { processing_channel_id: processingChannelId } : {}),
        },
        request.idempotencyKey,
      );
      return toAuthorisation(body, request.saveCard);
    },

    async outcome(paymentId) {
      const { body } = await call<CkoPayment>('GET', `/payments/${encodeURIComponent(paymentId)}`);
      return toAuthorisation(body, true);
    },

    async capture(paymentId, amount, idempotencyKey) {
      await call('POST', `/payments/${encodeURIComponent(paymentId)}/captures`, { amount }, idempotencyKey);
    },

    async void(paymentId, idempotencyKey) {
      await call('POST', `/payments/${encodeURIComponent(paymentId)}/voids`, {}, idempotencyKey);
    },

    async refund(paymentId, amount, idempotencyKey) {
      await call('POST', `/payments/${encodeURIComponent(paymentId)}/refunds`, { amount }, idempotencyKey);
    },

    async chargeSavedCard(charge: RenewalCharge) {
      const { body } = await call<CkoPayment>(
        'POST',
        '/payments',
        {
          source: { type: 'id', id: charge.sourceId },
          amount: charge.amount,
          currency: 'GBP',
          reference: charge.reference,
          capture: true,
          merchant_initiated: true,
          payment_type: 'Recurring',
          previous_payment_id: charge.previousPaymentId,
          ...(processingChannelId ? { processing_channel_id: processingChannelId } : {}),
        },
        charge.idempotencyKey,
      );
      return toAuthorisation(body, false);
    },
  };
}

function savedCard(source: CkoSource | undefined): SavedCard | null {
  if (!source?.id || !source.last4) return null;
  return {
    sourceId: source.id,
    brand: source.scheme ?? 'Card',
    expiryMonth: source.expiry_month ?? 0,
    expiryYear: source.expiry_year ?? 0,
    last4: source.last4,
  };
}
