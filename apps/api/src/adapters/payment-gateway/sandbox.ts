import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { passesLuhn, type Pence } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { sandboxPayments, sandboxRequests, sandboxSources, sandboxTokens } from '../../db/schema/sandbox-gateway';
import { behaviourOf, cardBrand, cardExpired, SANDBOX_WALLET_DECLINE, type SandboxBehaviour } from './sandbox-cards';
import {
  PaymentGatewayError,
  type Authorisation,
  type GatewayPayment,
  type PaymentEvent,
  type PaymentGateway,
  type PaymentSource,
  type SavedCard,
  type SourceKind,
} from './port';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type SourceRow = typeof sandboxSources.$inferSelect;
type PaymentRow = typeof sandboxPayments.$inferSelect;

/** The sandbox's publishable key: the browser sends it with card details, as with the real provider. */
export const SANDBOX_PUBLIC_KEY = 'pk_sbx_elmwood_health_test';
const TOKEN_MINUTES = 15;
export const DECLINE_REASON = 'Declined - Do Not Honour';
export const PAYPAL_CANCELLED_REASON = 'The PayPal payment was cancelled';
export const CHALLENGE_FAILED_REASON = 'Declined - 3-D Secure authentication failed';

/** Body of POST /sandbox-gateway/tokens, in Checkout.com's /tokens shape. */
export type TokenRequest =
  | { type: 'card'; number: string; expiry_month: number; expiry_year: number; cvv?: string; name?: string }
  | { type: 'applepay'; token_data: { version: string; data: string; signature: string; header: Record<string, string> } }
  | { type: 'googlepay'; token_data: { protocolVersion: string; signature: string; signedMessage: string } };

export type TokenReply =
  | {
      ok: true;
      body: { type: string; token: string; expires_on: string; scheme: string; last4: string; expiry_month: number; expiry_year: number; bin: string; card_type: string };
    }
  | { ok: false; body: { request_id: string; error_type: 'request_invalid'; error_codes: string[] } };

/**
 * A card's fingerprint as a provider gives it: the same for every token of one card number (whatever its expiry or
 * security code), and not the number. Keyed by a constant, as only the sandbox's own cards are fingerprinted with it.
 */
export const sandboxFingerprint = (cardNumber: string) => createHmac('sha256', 'elmwood-sandbox-card-fingerprint').update(cardNumber).digest('hex').slice(0, 32).toUpperCase();

const newId = (prefix: string) => `${prefix}_${randomBytes(15).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0')}`;

export interface SandboxGatewayOptions {
  db: Db;
  /** Signs the sandbox's webhooks, as the provider signs its own. */
  webhookSecret: string;
  today?: () => Date;
}

/**
 * A gateway that behaves like the real one, its state in the database (sandbox_* tables) so that it survives a
 * restart and is shared by every process: test cards authorise, ask for a 3-D Secure challenge or decline; PayPal
 * waits for the patient's approval; captures, voids and refunds follow the rules a real gateway enforces; a
 * repeated idempotency key returns the first answer, enforced by a primary key so concurrent repeats act once.
 * Card numbers reach only this sandbox, and not even it keeps them.
 */
export function sandboxGateway({ db, webhookSecret, today = () => new Date() }: SandboxGatewayOptions) {
  /**
   * Runs `work` once per (operation, key): the first caller claims the key inside its transaction; a concurrent
   * caller's insert waits for that transaction and then finds the stored answer.
   */
  async function once<T extends object>(operation: string, key: string, work: (tx: Tx) => Promise<T & { paymentId?: string | null }>): Promise<T> {
    if (!key || key.length > 200) throw new PaymentGatewayError('An idempotency key is required');
    return db.transaction(async (tx) => {
      const claimed = await tx
        .insert(sandboxRequests)
        .values({ operation, idempotencyKey: key, answer: {} })
        .onConflictDoNothing()
        .returning({ operation: sandboxRequests.operation });
      if (claimed.length === 0) {
        const [earlier] = await tx
          .select({ answer: sandboxRequests.answer })
          .from(sandboxRequests)
          .where(and(eq(sandboxRequests.operation, operation), eq(sandboxRequests.idempotencyKey, key)));
        return earlier!.answer as T;
      }
      const answer = await work(tx);
      await tx
        .update(sandboxRequests)
        .set({ answer: answer as Record<string, unknown>, paymentId: answer.paymentId ?? null })
        .where(and(eq(sandboxRequests.operation, operation), eq(sandboxRequests.idempotencyKey, key)));
      return answer;
    });
  }

  async function lockPayment(tx: Tx, paymentId: string): Promise<PaymentRow> {
    const [row] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId)).for('update');
    if (!row) throw new PaymentGatewayError('No such payment', 'not_allowed');
    return row;
  }

  async function insertSource(tx: Tx | Db, values: Omit<typeof sandboxSources.$inferInsert, 'id'>): Promise<SourceRow> {
    const [row] = await tx.insert(sandboxSources).values({ id: newId('src_sbx'), ...values }).returning();
    return row!;
  }

  const walletCard = (kind: 'applepay' | 'googlepay', declines: boolean) => ({
    kind,
    brand: 'Visa',
    last4: declines ? '0002' : '4242',
    fingerprint: sandboxFingerprint(`${kind}:${declines ? 'decline' : 'authorise'}`),
    expiryMonth: 12,
    expiryYear: today().getUTCFullYear() + 3,
    behaviour: (declines ? 'decline' : 'authorise') as SandboxBehaviour,
  });

  /** The source a payment draws on; a token works until it expires. */
  async function resolveSource(tx: Tx, source: PaymentSource, previousPaymentId?: string): Promise<SourceRow> {
    switch (source.type) {
      case 'token': {
        const [row] = await tx
          .select({ source: sandboxSources, expiresAt: sandboxTokens.expiresAt })
          .from(sandboxTokens)
          .innerJoin(sandboxSources, eq(sandboxSources.id, sandboxTokens.sourceId))
          .where(eq(sandboxTokens.token, source.token));
        if (!row || row.expiresAt <= today()) throw new PaymentGatewayError('Invalid payment token', 'invalid_token');
        return row.source;
      }
      case 'saved-card': {
        // A stored source is one an authorised payment asked to keep; renewals must name that payment.
        const [row] = await tx
          .select({ source: sandboxSources })
          .from(sandboxPayments)
          .innerJoin(sandboxSources, eq(sandboxSources.id, sandboxPayments.sourceId))
          .where(
            and(
              eq(sandboxPayments.sourceId, source.sourceId),
              eq(sandboxPayments.storeSource, true),
              isNull(sandboxSources.deletedAt),
              sql`${sandboxPayments.status} in ('authorised', 'captured', 'refunded')`,
              previousPaymentId ? eq(sandboxPayments.id, previousPaymentId) : undefined,
            ),
          )
          .limit(1);
        if (!row) throw new PaymentGatewayError('Invalid payment token', 'invalid_token');
        return row.source;
      }
      case 'applepay':
        return insertSource(tx, walletCard('applepay', source.tokenData.data === SANDBOX_WALLET_DECLINE));
      case 'googlepay':
        return insertSource(tx, walletCard('googlepay', source.tokenData.signedMessage === SANDBOX_WALLET_DECLINE));
      case 'paypal':
        return insertSource(tx, { kind: 'paypal', brand: 'PayPal', last4: '', expiryMonth: null, expiryYear: null, behaviour: 'authorise' });
    }
  }

  const savedCard = (source: SourceRow): SavedCard => ({
    sourceId: source.id,
    kind: source.kind as SourceKind,
    brand: source.brand,
    expiryMonth: source.expiryMonth,
    expiryYear: source.expiryYear,
    last4: source.last4,
  });

  /** `known`: the payment's source when the caller holds it already (it just made the payment with it). */
  async function answerFor(tx: Tx | Db, payment: PaymentRow, known?: SourceRow): Promise<Authorisation> {
    const sourceOf = async () => known ?? (await tx.select().from(sandboxSources).where(eq(sandboxSources.id, payment.sourceId)))[0];
    if (payment.status === 'challenge') {
      const action = (await sourceOf())?.kind === 'paypal' ? 'paypal' : '3ds';
      return { status: 'challenge', paymentId: payment.id, action, challengeUrl: `/sandbox-gateway/${action}/${payment.id}` };
    }
    const source = await sourceOf();
    const cardFingerprint = source?.fingerprint ?? null;
    if (payment.status === 'declined') return { status: 'declined', paymentId: payment.id, reason: payment.declineReason ?? DECLINE_REASON, cardFingerprint };
    return {
      status: 'authorised',
      paymentId: payment.id,
      card: source && payment.storeSource ? savedCard(source) : null,
      paidWith: source ? { brand: source.brand, last4: source.last4 } : null,
      cardFingerprint,
    };
  }

  async function createPayment(
    tx: Tx,
    input: { amount: Pence; reference: string; source: SourceRow; storeSource: boolean; returnUrl: string | null; merchantInitiated?: boolean; previousPaymentId?: string },
  ): Promise<Authorisation> {
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new PaymentGatewayError('The amount must be a positive number of pence');
    // Merchant-initiated renewals are exempt from 3-D Secure; PayPal always waits for the patient's approval.
    const behaviour: SandboxBehaviour = input.merchantInitiated && input.source.behaviour === 'challenge' ? 'authorise' : (input.source.behaviour as SandboxBehaviour);
    const status = input.source.kind === 'paypal' ? 'challenge' : behaviour === 'challenge' ? 'challenge' : behaviour === 'decline' ? 'declined' : 'authorised';
    const [payment] = await tx
      .insert(sandboxPayments)
      .values({
        id: newId('pay_sbx'),
        reference: input.reference,
        amount: input.amount,
        sourceId: input.source.id,
        status: input.merchantInitiated && status === 'authorised' ? 'captured' : status,
        captured: input.merchantInitiated && status === 'authorised' ? input.amount : 0,
        storeSource: input.storeSource,
        merchantInitiated: input.merchantInitiated ?? false,
        previousPaymentId: input.previousPaymentId ?? null,
        returnUrl: input.returnUrl,
        declineReason: status === 'declined' ? DECLINE_REASON : null,
      })
      .returning();
    return answerFor(tx, payment!, input.source);
  }

  const gateway = {
    name: 'sandbox' as const,

    /** POST /sandbox-gateway/tokens: what the provider's browser script does with card and wallet details. */
    async createToken(request: TokenRequest): Promise<TokenReply> {
      let values: Omit<typeof sandboxSources.$inferInsert, 'id'>;
      let bin = '424242';
      if (request.type === 'card') {
        const digits = request.number.replace(/[\s-]/g, '');
        const errors: string[] = [];
        if (!passesLuhn(digits)) errors.push('card_number_invalid');
        if (request.expiry_month < 1 || request.expiry_month > 12) errors.push('card_expiry_month_invalid');
        else if (cardExpired(request.expiry_month, request.expiry_year, today())) errors.push('card_expired');
        if (request.cvv !== undefined && !/^\d{3,4}$/.test(request.cvv)) errors.push('cvv_invalid');
        if (errors.length > 0) return { ok: false, body: { request_id: newId('req'), error_type: 'request_invalid', error_codes: errors } };
        bin = digits.slice(0, 6);
        values = {
          kind: 'card',
          brand: cardBrand(digits),
          last4: digits.slice(-4),
          expiryMonth: request.expiry_month,
          expiryYear: request.expiry_year,
          behaviour: behaviourOf(digits),
          fingerprint: sandboxFingerprint(digits),
        };
      } else {
        const declines = request.type === 'applepay' ? request.token_data.data === SANDBOX_WALLET_DECLINE : request.token_data.signedMessage === SANDBOX_WALLET_DECLINE;
        values = walletCard(request.type, declines);
      }
      const token = newId('tok_sbx');
      const expiresOn = new Date(today().getTime() + TOKEN_MINUTES * 60_000);
      await db.transaction(async (tx) => {
        const source = await insertSource(tx, values);
        await tx.insert(sandboxTokens).values({ token, sourceId: source.id, expiresAt: expiresOn });
      });
      return {
        ok: true,
        body: {
          type: request.type,
          token,
          expires_on: expiresOn.toISOString(),
          scheme: values.brand.toUpperCase(),
          last4: values.last4,
          expiry_month: values.expiryMonth!,
          expiry_year: values.expiryYear!,
          bin,
          card_type: 'CREDIT',
        },
      };
    },

    authorise(request) {
      return once('authorise', request.idempotencyKey, async (tx) => {
        const source = await resolveSource(tx, request.source);
        return createPayment(tx, {
          amount: request.amount,
          reference: request.reference,
          source,
          storeSource: request.saveCard,
          returnUrl: request.returnUrls.success,
        });
      });
    },

    async outcome(paymentId) {
      const [payment] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
      if (!payment) throw new PaymentGatewayError('No such payment');
      return answerFor(db, payment);
    },

    async findByReference(reference) {
      const rows = await db
        .select({ id: sandboxPayments.id, status: sandboxPayments.status, amount: sandboxPayments.amount })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.reference, reference))
        .orderBy(desc(sandboxPayments.createdAt), desc(sandboxPayments.id));
      return rows.map((row): GatewayPayment => ({
        paymentId: row.id,
        status: row.status === 'challenge' ? 'pending' : (row.status as GatewayPayment['status']),
        amount: row.amount,
      }));
    },

    /** What the challenge and PayPal pages show, or null when there is no such payment waiting. */
    async pendingAction(paymentId: string): Promise<{ amount: Pence; kind: SourceKind; brand: string; last4: string } | null> {
      const [row] = await db
        .select({ amount: sandboxPayments.amount, status: sandboxPayments.status, kind: sandboxSources.kind, brand: sandboxSources.brand, last4: sandboxSources.last4 })
        .from(sandboxPayments)
        .innerJoin(sandboxSources, eq(sandboxSources.id, sandboxPayments.sourceId))
        .where(eq(sandboxPayments.id, paymentId));
      if (!row || row.status !== 'challenge') return null;
      return { amount: row.amount, kind: row.kind as SourceKind, brand: row.brand, last4: row.last4 };
    },

    /**
     * The patient pressed 'Complete' or 'Fail' (3-D Secure), 'Approve' or 'Cancel' (PayPal). Answers where the
     * page sends the patient back; a payment no longer waiting keeps its outcome (a second press changes nothing).
     */
    async completeAction(paymentId: string, passed: boolean): Promise<{ returnUrl: string | null } | null> {
      return db.transaction(async (tx) => {
        const [payment] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId)).for('update');
        if (!payment) return null;
        if (payment.status === 'challenge') {
          const [source] = await tx.select({ kind: sandboxSources.kind }).from(sandboxSources).where(eq(sandboxSources.id, payment.sourceId));
          const reason = source?.kind === 'paypal' ? PAYPAL_CANCELLED_REASON : CHALLENGE_FAILED_REASON;
          await tx
            .update(sandboxPayments)
            .set({ status: passed ? 'authorised' : 'declined', declineReason: passed ? null : reason, updatedAt: new Date() })
            .where(eq(sandboxPayments.id, paymentId));
        }
        return { returnUrl: payment.returnUrl };
      });
    },

    async capture(paymentId, amount, idempotencyKey) {
      await once('capture', idempotencyKey, async (tx) => {
        const payment = await lockPayment(tx, paymentId);
        if (payment.status !== 'authorised') throw new PaymentGatewayError('This payment cannot be captured');
        if (!Number.isInteger(amount) || amount <= 0 || amount > payment.amount) throw new PaymentGatewayError('The capture is more than was authorised');
        await tx.update(sandboxPayments).set({ status: 'captured', captured: amount, updatedAt: new Date() }).where(eq(sandboxPayments.id, paymentId));
        return { paymentId };
      });
    },

    async void(paymentId, idempotencyKey) {
      await once('void', idempotencyKey, async (tx) => {
        const payment = await lockPayment(tx, paymentId);
        if (payment.status !== 'authorised') throw new PaymentGatewayError('Only an authorised payment can be voided');
        await tx.update(sandboxPayments).set({ status: 'voided', updatedAt: new Date() }).where(eq(sandboxPayments.id, paymentId));
        return { paymentId };
      });
    },

    async refund(paymentId, amount, idempotencyKey) {
      await once('refund', idempotencyKey, async (tx) => {
        const payment = await lockPayment(tx, paymentId);
        if (payment.status !== 'captured' && payment.status !== 'refunded') throw new PaymentGatewayError('Only a captured payment can be refunded');
        if (!Number.isInteger(amount) || amount <= 0 || payment.refunded + amount > payment.captured) {
          throw new PaymentGatewayError('The refund is more than was captured');
        }
        await tx
          .update(sandboxPayments)
          .set({ status: 'refunded', refunded: payment.refunded + amount, updatedAt: new Date() })
          .where(eq(sandboxPayments.id, paymentId));
        return { paymentId };
      });
    },

    chargeSavedCard(charge) {
      return once('authorise', charge.idempotencyKey, async (tx) => {
        const source = await resolveSource(tx, { type: 'saved-card', sourceId: charge.sourceId }, charge.previousPaymentId);
        return createPayment(tx, {
          amount: charge.amount,
          reference: charge.reference,
          source,
          storeSource: true,
          returnUrl: null,
          merchantInitiated: true,
          previousPaymentId: charge.previousPaymentId,
        });
      });
    },

    /** A zero-amount verification that keeps the card: the test cards verify, ask for 3-D Secure or decline as they pay. */
    saveCard(request) {
      return once('save-card', request.idempotencyKey, async (tx) => {
        const source = await resolveSource(tx, { type: 'token', token: request.token });
        const behaviour = source.behaviour as SandboxBehaviour;
        const status = behaviour === 'challenge' ? 'challenge' : behaviour === 'decline' ? 'declined' : 'authorised';
        const [payment] = await tx
          .insert(sandboxPayments)
          .values({
            id: newId('pay_sbx'),
            reference: request.reference,
            amount: 0,
            sourceId: source.id,
            status,
            captured: 0,
            storeSource: true,
            returnUrl: request.returnUrls.success,
            declineReason: status === 'declined' ? DECLINE_REASON : null,
          })
          .returning();
        return answerFor(tx, payment!);
      });
    },

    /** The merchant deleting a kept card; an unknown or already deleted one changes nothing. */
    async deleteStoredCard(sourceId) {
      await db.update(sandboxSources).set({ deletedAt: today() }).where(and(eq(sandboxSources.id, sourceId), isNull(sandboxSources.deletedAt)));
    },

    /** The sandbox signs its notifications like Checkout.com: HMAC-SHA256 of the raw body, hex, in Cko-Signature. */
    signWebhook(rawBody: string): string {
      return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
    },

    parseWebhook(rawBody, headers) {
      return verifyCkoStyleWebhook(rawBody, headers, webhookSecret);
    },

    async validateApplePayMerchant(request) {
      // A stand-in with the fields of Apple's merchant session, so the browser flow runs end to end.
      const now = today().getTime();
      return {
        epochTimestamp: now,
        expiresAt: now + 60 * 60 * 1000,
        merchantSessionIdentifier: newId('SSH'),
        nonce: randomBytes(4).toString('hex'),
        merchantIdentifier: createHmac('sha256', 'sandbox').update(request.merchantIdentifier).digest('hex').toUpperCase(),
        domainName: request.domainName,
        displayName: request.displayName,
        signature: randomBytes(48).toString('base64'),
        operationalAnalyticsIdentifier: `${request.displayName}:${request.merchantIdentifier}`,
        retries: 0,
        pspId: request.merchantIdentifier,
      };
    },
  } satisfies PaymentGateway & Record<string, unknown>;
  return gateway;
}
export type SandboxGateway = ReturnType<typeof sandboxGateway>;

const EVENT_TYPES: Record<string, PaymentEvent['type']> = {
  payment_approved: 'authorised',
  payment_declined: 'declined',
  payment_authentication_failed: 'declined',
  payment_expired: 'declined',
  payment_canceled: 'declined',
  payment_captured: 'captured',
  payment_voided: 'voided',
  payment_refunded: 'refunded',
};

/**
 * Checkout.com's webhook check (also used by the sandbox): the Cko-Signature header is the hex HMAC-SHA256 of the
 * raw body under the webhook secret; compared in constant time. The body is `{ id, type, data: { id, ... } }`.
 */
export function verifyCkoStyleWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, secret: string): PaymentEvent {
  const header = headers['cko-signature'];
  const signature = Array.isArray(header) ? header[0] : header;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = signature && /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : null;
  if (!given || !timingSafeEqual(given, expected)) throw new PaymentGatewayError('The webhook signature does not match', 'invalid_signature');
  let event: { id?: unknown; type?: unknown; data?: { id?: unknown } };
  try {
    event = JSON.parse(rawBody) as typeof event;
  } catch {
    throw new PaymentGatewayError('The webhook body is not JSON', 'invalid_signature');
  }
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.id !== 'string') {
    throw new PaymentGatewayError('The webhook is not a payment event', 'invalid_signature');
  }
  return { id: event.id, type: EVENT_TYPES[event.type] ?? 'other', paymentId: event.data.id, providerType: event.type };
}
