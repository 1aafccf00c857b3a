import { request as httpsRequest } from 'node:https';
import type { Authorisation, AuthoriseRequest, CardVerificationRequest, GatewayPayment, PaidWith, PaymentGateway, PaymentSource, RenewalCharge, SavedCard, SourceKind } from './port';
import { PaymentGatewayError } from './port';
import { verifyCkoStyleWebhook } from './sandbox';

const TIMEOUT_MS = 15_000;

interface CkoSource {
  id?: string;
  type?: string;
  scheme?: string;
  expiry_month?: number;
  expiry_year?: number;
  last4?: string;
  /** Identifies the card number across customers and tokens (documented on card sources in payment replies). */
  fingerprint?: string;
}
interface CkoPayment {
  id?: string;
  amount?: number;
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
export interface CheckoutComOptions {
  secretKey: string;
  publicKey: string;
  baseUrl: string;
  processingChannelId?: string;
  webhookSecret?: string;
  /** Apple Pay merchant identity certificate and key (PEM), for merchant validation. */
  applePayIdentity?: { cert: string; key: string };
  fetch?: typeof fetch;
}

/** Checkout.com's payment statuses (GET /payments/{id}, GET /payments?reference=) as the shop reads them. */
const CKO_STATUSES: Record<string, GatewayPayment['status']> = {
  Pending: 'pending',
  Authorized: 'authorised',
  'Card Verified': 'authorised',
  'Partially Captured': 'captured',
  Captured: 'captured',
  Paid: 'captured',
  Voided: 'voided',
  Canceled: 'voided',
  'Partially Refunded': 'refunded',
  Refunded: 'refunded',
  Declined: 'declined',
  Expired: 'declined',
};

/** Apple's own merchant validation call (Apple Pay on the web): POST to the validation address with the merchant identity certificate. */
function postToApple(url: string, body: unknown, identity: { cert: string; key: string }): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { method: 'POST', cert: identity.cert, key: identity.key, headers: { 'content-type': 'application/json' }, timeout: TIMEOUT_MS }, (res) => {
      let raw = '';
      res.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      res.on('end', () => {
        try {
          if (res.statusCode !== 200) throw new Error(String(res.statusCode));
          resolve(JSON.parse(raw) as Record<string, unknown>);
        } catch {
          reject(new PaymentGatewayError('Invalid payment token', 'invalid_token'));
        }
      });
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => reject(new PaymentGatewayError('Invalid payment token', 'invalid_token')));
    req.end(JSON.stringify(body));
  });
}

export function checkoutComGateway({
  secretKey,
  publicKey,
  baseUrl,
  processingChannelId,
  webhookSecret,
  applePayIdentity,
  fetch: fetchImpl = fetch,
}: CheckoutComOptions): PaymentGateway {
  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
    key: string = secretKey,
    /** Statuses that answer the request although they are errors (404 on a delete: already gone). */
    accepted: number[] = [],
  ): Promise<{ status: number; body: T }> {
    let response: Response;
    try {
      response = await fetchImpl(new URL(path, baseUrl), {
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
      throw new PaymentGatewayError('The payment provider did not answer', 'unavailable');
    }
    // An empty reply (204) or a JSON null reads as an empty body.
    const parsed = ((await response.json().catch(() => null)) ?? {}) as T & CkoPayment;
    if (response.status >= 400 && response.status !== 402 && !accepted.includes(response.status)) {
      // A token the provider no longer knows (expired, used, invalid) is the patient's to fix, not ours.
      const tokenProblem = (parsed.error_codes ?? []).some((code) => code.startsWith('token_'));
      throw new PaymentGatewayError(
        `The payment provider refused the request (${response.status} ${parsed.error_type ?? ''})`.trim(),
        tokenProblem ? 'invalid_token' : response.status >= 500 ? 'unavailable' : 'not_allowed',
      );
    }
    return { status: response.status, body: parsed };
  }

  /** The card's fingerprint when the reply names one (card sources do; PayPal and some replies carry none). */
  const fingerprintOf = (source: CkoSource | undefined) => (typeof source?.fingerprint === 'string' && source.fingerprint !== '' ? { cardFingerprint: source.fingerprint } : {});

  const toAuthorisation = (payment: CkoPayment, saveCard: boolean, kind?: SourceKind): Authorisation => {
    const id = payment.id ?? null;
    const sourceKind: SourceKind = kind ?? (payment.source?.type === 'paypal' ? 'paypal' : 'card');
    if (payment.status === 'Pending' && payment._links?.redirect?.href && id) {
      return { status: 'challenge', paymentId: id, challengeUrl: payment._links.redirect.href, action: sourceKind === 'paypal' ? 'paypal' : '3ds' };
    }
    if ((payment.status === 'Authorized' || payment.status === 'Card Verified' || payment.status === 'Captured') && payment.approved !== false && id) {
      return {
        status: 'authorised',
        paymentId: id,
        card: saveCard ? savedCard(payment.source, sourceKind) : null,
        paidWith: paidWith(payment.source, sourceKind),
        ...fingerprintOf(payment.source),
      };
    }
    return { status: 'declined', paymentId: id, reason: payment.response_summary ?? 'The card was declined', ...fingerprintOf(payment.source) };
  };

  /** Apple Pay and Google Pay tokens become a card token first (POST /tokens with the public key). */
  async function ckoSource(source: PaymentSource, saveCard: boolean) {
    switch (source.type) {
      case 'token':
        return { type: 'token', token: source.token, store_for_future_use: saveCard };
      case 'saved-card':
        return { type: 'id', id: source.sourceId };
      case 'paypal':
        // PayPal as an alternative payment method: the reply's redirect link is PayPal's approval page.
        return { type: 'paypal' };
      case 'applepay':
      case 'googlepay': {
        const { body } = await call<{ token?: string }>('POST', '/tokens', { type: source.type, token_data: source.tokenData }, undefined, publicKey);
        if (!body.token) throw new PaymentGatewayError('Invalid payment token', 'invalid_token');
        return { type: 'token', token: body.token, store_for_future_use: saveCard };
      }
    }
  }

  return {
    name: 'checkout-com',

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
          ...(request.source.type === 'paypal' ? {} : { '3ds': { enabled: true } }),
          success_url: request.returnUrls.success,
          failure_url: request.returnUrls.failure,
          payment_type: request.saveCard ? 'Recurring' : 'Regular',
          ...(processingChannelId ? { processing_channel_id: processingChannelId } : {}),
        },
        request.idempotencyKey,
      );
      const kind: SourceKind = request.source.type === 'paypal' ? 'paypal' : request.source.type === 'applepay' || request.source.type === 'googlepay' ? request.source.type : 'card';
      return toAuthorisation(body, request.saveCard, kind);
    },

    async outcome(paymentId) {
      const { body } = await call<CkoPayment>('GET', `/payments/${encodeURIComponent(paymentId)}`);
      return toAuthorisation(body, true);
    },

    /** GET /payments?reference= (newest first, at most 100: one order makes one or two). */
    async findByReference(reference) {
      const { body } = await call<{ data?: CkoPayment[] }>('GET', `/payments?${new URLSearchParams({ reference, limit: '100' })}`);
      return (body.data ?? []).flatMap((payment): GatewayPayment[] =>
        payment.id && payment.status
          ? [{ paymentId: payment.id, status: CKO_STATUSES[payment.status] ?? (payment.approved ? 'authorised' : 'declined'), amount: payment.amount ?? 0 }]
          : [],
      );
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

    /** Card verification: a zero-amount payment that stores the card, 3-D Secure on (the patient is present). */
    async saveCard(request: CardVerificationRequest) {
      const { body } = await call<CkoPayment>(
        'POST',
        '/payments',
        {
          source: { type: 'token', token: request.token, store_for_future_use: true },
          amount: 0,
          currency: 'GBP',
          reference: request.reference,
          customer: { email: request.customerEmail },
          '3ds': { enabled: true },
          success_url: request.returnUrls.success,
          failure_url: request.returnUrls.failure,
          payment_type: 'Recurring',
          ...(processingChannelId ? { processing_channel_id: processingChannelId } : {}),
        },
        request.idempotencyKey,
      );
      return toAuthorisation(body, true, 'card');
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

    /** DELETE /instruments/{id}: 204 once deleted; 404 when Checkout.com no longer keeps it, which is the same outcome. */
    async deleteStoredCard(sourceId) {
      await call('DELETE', `/instruments/${encodeURIComponent(sourceId)}`, undefined, undefined, secretKey, [404]);
    },

    parseWebhook(rawBody, headers) {
      if (!webhookSecret) throw new PaymentGatewayError('Webhooks are not configured', 'invalid_signature');
      return verifyCkoStyleWebhook(rawBody, headers, webhookSecret);
    },

    async validateApplePayMerchant(request) {
      // Checkout.com processes Apple Pay tokens but merchant validation is between the merchant and Apple.
      if (!applePayIdentity) throw new PaymentGatewayError('Invalid payment token', 'invalid_token');
      return postToApple(
        request.validationUrl,
        { merchantIdentifier: request.merchantIdentifier, displayName: request.displayName, initiative: 'web', initiativeContext: request.domainName },
        applePayIdentity,
      );
    },
  };
}

/** The payment's source as Checkout.com reports it on every payment (scheme and last four), kept or not. */
function paidWith(source: CkoSource | undefined, kind: SourceKind): PaidWith | null {
  if (kind === 'paypal') return { brand: 'PayPal', last4: '' };
  return source?.last4 ? { brand: source.scheme ?? 'Card', last4: source.last4 } : null;
}

function savedCard(source: CkoSource | undefined, kind: SourceKind): SavedCard | null {
  if (!source?.id) return null;
  if (kind !== 'paypal' && !source.last4) return null;
  return {
    sourceId: source.id,
    kind,
    brand: kind === 'paypal' ? 'PayPal' : (source.scheme ?? 'Card'),
    expiryMonth: source.expiry_month ?? null,
    expiryYear: source.expiry_year ?? null,
    last4: source.last4 ?? '',
  };
}
