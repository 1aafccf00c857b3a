import { createHmac } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { progressiveDelaySeconds, type ProgressiveDelay } from '../../lib/progressive-delay';
import { TooManyRequestsError } from '../../lib/errors';
import type { Queryable } from './repo';

const HOUR_MS = 60 * 60 * 1000;

/** Whose declined checkouts are counted: one patient's, one network address's, one card's, or the whole shop's. */
export type DeclinesOf = { customerId: number } | { addressKey: string } | { cardFingerprint: string } | 'shop';

/** Declines allowed per hour, and the slowdown that spaces attempts before the limit refuses them. */
export interface DeclineRule {
  limit: number;
  delay: ProgressiveDelay;
}

/** DECLINE limits from configuration (per hour); see declineRules. */
export interface DeclineLimits {
  perPatient: number;
  perAddress: number;
  perCard: number;
  shop: number;
  /** Declines a patient or a card may have before each further attempt waits (CHECKOUT_DECLINES_BEFORE_SLOWDOWN). */
  beforeSlowdown: number;
}

/**
 * How each count slows down and then refuses. A patient or a card waits after a few declines (a mistyped card
 * number is fine; a card tester's tenth try is not); an address, which a mobile network shares between many
 * patients, and the whole shop start slowing down at half their limit, the shop by seconds only.
 */
export function declineRules(limits: DeclineLimits): Record<'patient' | 'address' | 'card' | 'shop', DeclineRule> {
  const paced = (freeFailures: number): ProgressiveDelay => ({ freeFailures, firstSeconds: 15, maxSeconds: 300 });
  return {
    patient: { limit: limits.perPatient, delay: paced(limits.beforeSlowdown) },
    card: { limit: limits.perCard, delay: paced(limits.beforeSlowdown) },
    address: { limit: limits.perAddress, delay: paced(Math.ceil(limits.perAddress / 2)) },
    shop: { limit: limits.shop, delay: { freeFailures: Math.ceil(limits.shop / 2), firstSeconds: 1, maxSeconds: 30 } },
  };
}

export type DeclineVerdict = { wait: 0 } | { wait: number; refused: boolean };

/**
 * Seconds until another attempt may go to the bank, from the declines of the last hour (instants in ms, newest first;
 * at most `limit` are needed): at the limit, until the oldest that counts is an hour old (refused); past the free
 * declines, until the slowdown after the latest has passed; otherwise none.
 */
export function waitAfterDeclines(declines: readonly number[], rule: DeclineRule, now: number): DeclineVerdict {
  if (declines.length >= rule.limit) {
    const leaving = declines[rule.limit - 1]!;
    return { wait: Math.max(1, Math.ceil((leaving + HOUR_MS - now) / 1000)), refused: true };
  }
  const seconds = progressiveDelaySeconds(declines.length, rule.delay);
  if (seconds === 0 || declines.length === 0) return { wait: 0 };
  const waitMs = declines[0]! + seconds * 1000 - now;
  return waitMs > 0 ? { wait: Math.ceil(waitMs / 1000), refused: false } : { wait: 0 };
}

/** The instants (ms, newest first) of the last hour's declined checkouts of one kind, at most `limit` of them. */
export async function recentDeclines(db: Queryable, of: DeclinesOf, now: Date, limit: number): Promise<number[]> {
  const whose =
    of === 'shop'
      ? isNotNull(payments.declinedAt)
      : 'customerId' in of
        ? inArray(payments.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, of.customerId)))
        : 'addressKey' in of
          ? eq(payments.clientAddressKey, of.addressKey)
          : eq(payments.cardFingerprint, of.cardFingerprint);
  const rows = await db
    .select({ at: payments.declinedAt })
    .from(payments)
    .where(and(whose, gt(payments.declinedAt, new Date(now.getTime() - HOUR_MS))))
    .orderBy(desc(payments.declinedAt))
    .limit(limit);
  return rows.map((row) => row.at!.getTime());
}

/** '45 seconds', '1 minute', '12 minutes': a wait as the patient reads it (rounded up to the minute past one). */
export function readableWait(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** 429 with the wait; `code`: TOO_MANY_PAYMENT_ATTEMPTS before an attempt, or the card's refusal of one (PAYMENT_ERROR.cardPaused). */
export const tooManyPaymentAttempts = (verdict: Exclude<DeclineVerdict, { wait: 0 }>, code: string = 'TOO_MANY_PAYMENT_ATTEMPTS') =>
  new TooManyRequestsError(
    code,
    verdict.refused
      ? `There have been too many unsuccessful payment attempts. Please try again in ${readableWait(verdict.wait)}, or contact us for help.`
      : `There have been several unsuccessful payment attempts. Please wait ${readableWait(verdict.wait)} before trying again.`,
    verdict.wait,
  );

/**
 * Asks each count in turn and throws the first wait (429 with Retry-After); every count is in the database, so
 * every API process sees the declines of the others.
 */
export async function paceDeclines(db: Queryable, checks: ReadonlyArray<readonly [DeclinesOf, DeclineRule]>, now: Date): Promise<void> {
  for (const [of, rule] of checks) {
    const verdict = waitAfterDeclines(await recentDeclines(db, of, now, rule.limit), rule, now.getTime());
    if (verdict.wait > 0) throw tooManyPaymentAttempts(verdict as Exclude<DeclineVerdict, { wait: 0 }>);
  }
}

/**
 * The key a network address is counted under: a keyed hash (under a key derived from the shop's secret), so the
 * payments table says where attempts came from only to the shop's own counting.
 */
export function networkAddressKey(secret: string): (address: string) => string {
  const key = createHmac('sha256', secret).update('checkout network address').digest();
  return (address) => createHmac('sha256', key).update(address).digest('base64url');
}
