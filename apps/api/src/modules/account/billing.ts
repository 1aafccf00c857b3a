import type { FastifyBaseLogger } from 'fastify';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { declineMessage, declineReasonOf, INVALID_PAYMENT_TOKEN, PAYMENT_ERROR, tokenProviderForMode, type CardVerification, type SavedPaymentToken } from '@elmwood/domain';
import { PaymentGatewayError, type Authorisation, type PaymentGateway, type SavedCard } from '../../adapters/payment-gateway/port';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema/subscriptions';
import { AppError, TooManyRequestsError } from '../../lib/errors';
import { checkAll, type RateLimiter } from '../../lib/rate-limiter';
import { countDeclinedPaymentsSince, saveDefaultPaymentToken, TOO_MANY_PAYMENT_ATTEMPTS_MESSAGE } from '../orders/index';

const HOUR_MS = 60 * 60 * 1000;
export const TOO_MANY_CARD_CHECKS_MESSAGE = 'We cannot check another card just now. Please wait a while and try again, or contact us for help.';

export const CARD_VERIFICATION_PENDING_MESSAGE = 'Your bank has not confirmed this card yet. Please finish the check in the window.';
const invalidToken = () => new AppError(422, PAYMENT_ERROR.invalidToken, INVALID_PAYMENT_TOKEN);

/** The patient's plans that will still charge (active or paused) now renew on this card. */
export async function switchSubscriptionsToCard(tx: Db, customerId: number, paymentTokenId: number): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ paymentTokenId, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.customerId, customerId), inArray(subscriptions.state, ['active', 'paused'])));
}

export type CardSaveResult =
  | { status: 'saved'; paymentToken: SavedPaymentToken }
  | CardVerification;

interface Customer {
  id: number;
  uid: string;
  email: string;
}

/**
 * A new default card from the account's billing page: verified at the gateway without a charge, then saved and
 * put on the patient's plans. When the bank asks for 3-D Secure, the patient finishes it in a frame and the page
 * confirms with the verification ticket: the gateway's payment id signed for this patient, so nobody can
 * claim a card another patient verified.
 */
export interface CardCheckLimits {
  /** Declined failed payments per patient per hour, shared with checkout (CHECKOUT_FAILED_ATTEMPTS_PER_HOUR). */
  failedPerHour: number;
  /** Counts this patient's declined card checks (key: the patient's uid), in hourly windows. */
  declines: RateLimiter;
  /** Every card check, per network address and across the shop: card testers spread over many accounts. */
  perAddress: RateLimiter;
  global: RateLimiter;
}

export function createBillingService({
  db,
  gateway,
  secret,
  limits,
  log,
  now = () => new Date(),
}: {
  db: Db;
  gateway: PaymentGateway;
  secret: string;
  limits: CardCheckLimits;
  /** Where a decline's own words from the gateway go (the patient reads plain English). */
  log?: Pick<FastifyBaseLogger, 'info'>;
  now?: () => Date;
}) {
  const sign = (customerUid: string, paymentId: string) =>
    createHmac('sha256', secret).update(`card-verification:${customerUid}:${paymentId}`).digest('base64url');

  function paymentIdOf(customerUid: string, ticket: string): string | null {
    const dot = ticket.lastIndexOf('.');
    if (dot <= 0) return null;
    const paymentId = ticket.slice(0, dot);
    const given = Buffer.from(ticket.slice(dot + 1));
    const expected = Buffer.from(sign(customerUid, paymentId));
    return given.length === expected.length && timingSafeEqual(given, expected) ? paymentId : null;
  }

  /** `paymentId`: the verification that stored the card, which renewals charged on it name (merchant-initiated). */
  async function keep(customer: Customer, card: SavedCard, paymentId: string): Promise<SavedPaymentToken> {
    const provider = tokenProviderForMode('NEW_CARD')!;
    const id = await db.transaction(async (tx) => {
      const tokenId = await saveDefaultPaymentToken(tx, {
        customerId: customer.id,
        provider,
        gatewaySourceId: card.sourceId,
        brand: card.brand,
        last4: card.last4,
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
        initialPaymentId: paymentId,
      });
      await switchSubscriptionsToCard(tx, customer.id, tokenId);
      return tokenId;
    });
    return { id, type: provider, details: { brand: card.brand, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear }, isDefault: true };
  }

  /** Card testing: checks are paced per address and shop-wide, and a patient's declines count as failed payments. */
  async function guard(customer: Customer, address: string): Promise<void> {
    const velocity = await checkAll([
      [limits.perAddress, address],
      [limits.global, 'shop'],
    ]);
    if (!velocity.allowed) throw new TooManyRequestsError('TOO_MANY_CARD_CHECKS', TOO_MANY_CARD_CHECKS_MESSAGE, velocity.retryAfterSeconds);
    const failed = (await countDeclinedPaymentsSince(db, customer.id, new Date(now().getTime() - HOUR_MS))) + (await limits.declines.count(customer.uid));
    if (failed >= limits.failedPerHour) throw new TooManyRequestsError('TOO_MANY_PAYMENT_ATTEMPTS', TOO_MANY_PAYMENT_ATTEMPTS_MESSAGE, HOUR_MS / 1000);
  }

  async function settle(customer: Customer, answer: Authorisation): Promise<CardSaveResult> {
    if (answer.status === 'declined') {
      await limits.declines.check(customer.uid);
      const reason = declineReasonOf(answer.reason);
      log?.info({ gatewayReason: answer.reason, reason }, 'card check declined');
      throw new AppError(402, PAYMENT_ERROR.declined, declineMessage(reason), { reason });
    }
    if (answer.status === 'challenge') {
      return { status: 'action_required', action: '3ds', url: answer.challengeUrl, verification: `${answer.paymentId}.${sign(customer.uid, answer.paymentId)}` };
    }
    if (!answer.card) throw invalidToken();
    return { status: 'saved', paymentToken: await keep(customer, answer.card, answer.paymentId) };
  }

  async function gatewayCall(call: () => Promise<Authorisation>): Promise<Authorisation> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.reason === 'invalid_token') throw invalidToken();
      throw error;
    }
  }

  return {
    /** `returnUrl`: the shop's payment-return page, where the challenge frame lands when the bank is done. */
    async save(customer: Customer, token: string, returnUrl: string, address: string): Promise<CardSaveResult> {
      await guard(customer, address);
      const answer = await gatewayCall(() =>
        gateway.saveCard({
          token,
          reference: `card-${customer.uid.slice(0, 8)}`,
          customerEmail: customer.email,
          returnUrls: { success: returnUrl, failure: returnUrl },
          // The same token sent twice (a double click) is verified once.
          idempotencyKey: `save-card:${customer.uid}:${createHash('sha256').update(token).digest('hex')}`,
        }),
      );
      return settle(customer, answer);
    },

    async confirm(customer: Customer, verification: string): Promise<SavedPaymentToken> {
      const paymentId = paymentIdOf(customer.uid, verification);
      if (!paymentId) throw invalidToken();
      const result = await settle(customer, await gatewayCall(() => gateway.outcome(paymentId)));
      if (result.status !== 'saved') throw new AppError(409, 'CARD_VERIFICATION_PENDING', CARD_VERIFICATION_PENDING_MESSAGE);
      return result.paymentToken;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
