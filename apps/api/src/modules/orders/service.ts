import {
  declineMessage,
  declineReasonOf,
  decideStalePayment,
  FIRST_ORDER_DISCOUNT_TAKEN_MESSAGE,
  PROMOTION_TAKEN_MESSAGE,
  INVALID_PAYMENT_TOKEN,
  isPaymentNeeded,
  releaseSuperseded,
  isSubscriptionFrequency,
  PAYMENT_ERROR,
  thankYouInfoBoxSchema,
  thankYouNextStepSchema,
  tokenProviderForMode,
  ukToday,
  type CartAddress,
  type CheckoutResult,
  type CompleteCheckout,
  type OrderPaymentState,
  type OrderState,
  type OrderEffect,
  type OrderItem,
  type OrderView,
  type Task,
} from '@elmwood/domain';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { PaymentGatewayError, type Authorisation, type PaymentEvent, type PaymentGateway, type PaymentSource } from '../../adapters/payment-gateway/port';
import type { Db } from '../../db/client';
import { AppError, notFound, TooManyRequestsError } from '../../lib/errors';
import { CartChangedError, type CheckoutCarts, type LockedCart } from '../cart/index';
import { applyOrderEvent, applyOrderPaymentEvent, type Actor, type EventDetails, type HeldOrderStates } from '../../lifecycle/index';
import type { ReferralsAtCheckout } from '../../contracts/referrals';
import { copyConsultationsOntoOrder } from './consultation-snapshot';
import { hasCallBookedSince } from '../coaches/index';
import { newOrderNumber } from './order-number';
import { paceDeclines, recentDeclines, tooManyPaymentAttempts, waitAfterDeclines, type DeclineRule, type DeclineVerdict } from './decline-pacing';
import {
  claimCartFor,
  countDeclinedPaymentsSince,
  experimentBuckets,
  findCheckoutPayment,
  markPaymentReleased,
  findPaymentByGatewayId,
  findOrderById,
  findOrdersForCheckout,
  findOrderItems,
  findOrderSubscription,
  findOwnedOrder,
  findPaymentToken,
  insertOrder,
  insertOrderItems,
  insertPayment,
  lockOrderAndItsCart,
  productAttributesByCode,
  saveDefaultPaymentToken,
  orderItemOf,
  updatePayment,
  type NewOrderItem,
  type OrderRow,
  type PaymentRow,
  type Queryable,
} from './repo';
import type { TaskBook } from '../../contracts/tasks';

export interface Customer {
  id: number;
  uid: string;
  email: string;
  firstName: string;
  /** The account's date of birth as this request read it; left out, it is read where needed. */
  birthday?: string | null;
}

/** What placing an order tells the effects of its payment_authorised event (workflows/order-effects.ts carries them out). */
export interface PlacementEffectInput {
  tx: Db;
  order: OrderRow;
  event: 'payment_authorised';
  actor: Actor;
  details: EventDetails;
  placement: { items: readonly OrderItem[]; paymentTokenId: number | null; placedAt: Date };
}

export interface OrderServiceDeps {
  db: Db;
  gateway: PaymentGateway;
  carts: CheckoutCarts;
  /** The order page lists the order's follow-up tasks. */
  taskBook: Pick<TaskBook, 'find'>;
  /**
   * The placed order's effects (plans, weight points, tasks, the cart completed, the order-placed email), in the
   * transaction that places it; the shop's workflows know them, this module only names the moment.
   */
  carryOutEffects: (effects: readonly OrderEffect[], input: PlacementEffectInput) => Promise<void>;
  siteUrl: string;
  log: FastifyBaseLogger;
  /** Declined payments per patient per hour before new attempts are refused (card testing). */
  failedAttemptsPerHour: number;
  /** The patient's cards declined in the last hour when saved from the account area; they count as failed payments too. */
  recentCardCheckFailures: (customerUid: string) => Promise<number>;
  /** Records the referral credit an order spends; left out, orders spend none. */
  referrals?: Pick<ReferralsAtCheckout, 'recordSpend'>;
  /**
   * Declined checkouts counted per patient, network address (keyed: `addressKeyOf` hashes it), card fingerprint and
   * shop-wide, slowing attempts down and then refusing them (card testing); `now` is the shop's clock.
   */
  declines: { rules: Record<'patient' | 'address' | 'card' | 'shop', DeclineRule>; addressKeyOf: (address: string) => string; now: () => Date };
  now?: () => Date;
}

/** Where a checkout attempt came from. */
export interface CheckoutOrigin {
  /** The client's network address (request.ip). */
  address: string;
}

/** A reply the same for every repeat of one attempt: a placed order, an action to take, or a refusal. */
export type CheckoutReply = { status: 200 | 201; body: CheckoutResult };

const PAYMENT_UNAVAILABLE_MESSAGE = 'We could not reach the payment provider. Please try again in a moment; you have not been charged.';
const PAYMENT_IN_PROGRESS_MESSAGE = 'Your payment is still being processed. Please wait a moment and try again.';
const CART_CHANGED_MESSAGE = 'Your basket changed while the order was being placed. Please check it and try again.';
const SUPERSEDED_REASON = 'Replaced by a new payment attempt';
const NOTHING_TO_PAY = 'Nothing to pay: the discounts cover the order';
const ABANDONED_REASON = 'Not finished within the time allowed';
/** The gateway answered for a card with too many recent declines: the shop took nothing, whatever the answer was. */
const CARD_PAUSED_REASON = 'Refused: too many declined attempts with this card';
const GATEWAY: Actor = { type: 'gateway' };
const JOB: Actor = { type: 'job' };
const RETURN_PATH = '/checkout/payment-return';
const HOUR_MS = 60 * 60 * 1000;
export const TOO_MANY_PAYMENT_ATTEMPTS_MESSAGE = 'There have been too many unsuccessful payment attempts. Please try again in an hour, or contact us for help.';

/** Which gateway method and source a completion asks for; refuses a mode without the token it needs. */
function paymentMethodFor(body: CompleteCheckout): { method: string; source: PaymentSource | 'saved' } {
  const invalid = () => new AppError(422, PAYMENT_ERROR.invalidToken, INVALID_PAYMENT_TOKEN);
  switch (body.mode) {
    case 'NEW_CARD':
    case 'APPLEPAY':
    case 'ADYEN_APPLEPAY':
    case 'GOOGLEPAY':
      if (!body.token || body.paymentTokenId !== undefined) throw invalid();
      return { method: body.mode === 'NEW_CARD' ? 'card' : body.mode === 'GOOGLEPAY' ? 'googlepay' : 'applepay', source: { type: 'token', token: body.token } };
    case 'EXISTING_CARD':
      if (body.paymentTokenId === undefined || body.token) throw invalid();
      return { method: 'saved-card', source: 'saved' };
    case 'ADYEN_PAYPAL':
      if (body.token || body.paymentTokenId !== undefined) throw invalid();
      return { method: 'paypal', source: { type: 'paypal' } };
  }
}

/** The patient reads the decline in plain English (the gateway's own words stay on the payment and in its history). */
function declined(gatewayReason: string): AppError {
  const reason = declineReasonOf(gatewayReason);
  return new AppError(402, PAYMENT_ERROR.declined, declineMessage(reason), { reason });
}

/** The reply an order's state gives, the same however often it is asked. */
function replyFor(order: OrderRow, payment: PaymentRow | null): CheckoutReply {
  if (order.state === 'payment_failed') {
    if (payment?.declineReason === INVALID_PAYMENT_TOKEN) throw new AppError(422, PAYMENT_ERROR.invalidToken, INVALID_PAYMENT_TOKEN);
    if (payment?.declineReason && RESERVED_DISCOUNT_REFUSALS.includes(payment.declineReason)) throw new AppError(409, PAYMENT_ERROR.discountTaken, payment.declineReason);
    throw declined(payment?.declineReason ?? 'The card was declined');
  }
  if (order.state === 'payment_pending') {
    if (payment?.state === 'challenge' && payment.challengeUrl) {
      return {
        status: 201,
        body: { status: 'action_required', action: payment.method === 'paypal' ? 'paypal' : '3ds', orderNumber: order.number, url: payment.challengeUrl },
      };
    }
    throw new AppError(409, 'PAYMENT_IN_PROGRESS', PAYMENT_IN_PROGRESS_MESSAGE, { orderNumber: order.number });
  }
  return { status: 201, body: { status: 'placed', orderNumber: order.number, consultationSlug: order.consultationSlug } };
}

/** A replaced or abandoned attempt (not a decline): whatever the gateway authorises for it later is released. */
function wasSuperseded(payment: PaymentRow | null): boolean {
  return payment?.state === 'superseded' || payment?.state === 'released';
}

/** Why a waiting order was not placed after all: a discount it reserved had gone to another order (see reservedDiscountRefusal). */
const RESERVED_DISCOUNT_REFUSALS: readonly string[] = [FIRST_ORDER_DISCOUNT_TAKEN_MESSAGE, PROMOTION_TAKEN_MESSAGE];

const keyReused = () => new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for another basket.');

/** PostgreSQL 23505: a unique constraint refused the row. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const nextStepsValue = z.object({ items: z.array(thankYouNextStepSchema) });

export function createOrderService({
  db,
  gateway,
  carts,
  taskBook,
  carryOutEffects,
  siteUrl,
  log,
  failedAttemptsPerHour,
  recentCardCheckFailures,
  referrals,
  declines,
  now = () => new Date(),
}: OrderServiceDeps) {
  /** Absolute, as providers require: their 3-D Secure and PayPal pages send the patient back to the shop's page. */
  const returnUrl = (number: string) => new URL(`${RETURN_PATH}?order=${encodeURIComponent(number)}`, siteUrl).toString();

  /**
   * Applies the gateway's answer to an order still waiting for it, in one transaction under its cart's and its own row locks:
   * authorised → awaiting clinical review with its subscriptions, saved card, tasks, and the cart completed;
   * challenge → waiting for the patient; declined → payment failed (the cart stays as it was, for a retry).
   * An order that no longer waits (a repeat got here first, or a newer attempt replaced it) is left alone, and an
   * authorisation nobody wants any more is voided. Answers whether this call placed the order (for the email).
   */
  async function applyOutcome(
    orderId: number,
    waitingFor: 'pending' | 'challenge',
    answer: Authorisation,
    mode: string,
    items?: readonly OrderItem[],
  ): Promise<{ order: OrderRow; payment: PaymentRow; placed: boolean }> {
    // The order and payment are answered as this transaction left them (it holds both under lock), not read again.
    const applied = await db.transaction(async (tx) => {
      const order = await lockOrderAndItsCart(tx, orderId);
      const payment = (await findCheckoutPayment(tx, orderId))!;
      const stillWaiting = order.state === 'payment_pending' && payment.state === waitingFor;
      if (!stillWaiting) {
        // A newer attempt replaced this one while the gateway was answering: its money must not stay held.
        const replaced = order.state === 'payment_failed' && (payment.gatewayPaymentId === null || payment.gatewayPaymentId === answer.paymentId);
        return { order, payment, placed: false, unwanted: answer.status === 'authorised' && replaced };
      }

      if (answer.status === 'challenge') {
        const change = { state: 'challenge', gatewayPaymentId: answer.paymentId, challengeUrl: answer.challengeUrl };
        await updatePayment(tx, payment.id, change);
        return { order, payment: { ...payment, ...change }, placed: false, unwanted: false };
      }
      const cardFingerprint = answer.cardFingerprint ?? null;
      // A card with too many recent declines gets the same refusal whatever the bank said, so trying it again teaches
      // a card tester nothing; an authorisation is released.
      const paused = cardFingerprint !== null && (await cardWait(tx, cardFingerprint)).wait > 0;
      if (answer.status === 'declined' || paused) {
        const reason = paused ? CARD_PAUSED_REASON : (answer as { reason: string }).reason;
        // Only the bank's declines are counted: an approval refused here was no sign of a bad card.
        const bankDeclined = answer.status === 'declined';
        const ended = await endAttempt(tx, order, payment, { event: 'declined', actor: GATEWAY, reason, gatewayPaymentId: answer.paymentId, cardFingerprint, counted: bankDeclined });
        if (!ended) return { order, payment, placed: false, unwanted: false };
        const failed = await findOrderById(tx, orderId);
        const change = { state: 'declined', declineReason: reason, gatewayPaymentId: answer.paymentId, cardFingerprint };
        return { order: failed!, payment: { ...payment, ...change }, placed: false, unwanted: !bankDeclined };
      }
      // A discount this order reserved may have gone to another of the patient's orders meanwhile (one written
      // before reservations were kept): it is not placed at a price it no longer has, and the money is released.
      const refusal = await carts.reservedDiscountRefusal(tx, order);
      if (refusal) {
        const ended = await endAttempt(tx, order, payment, { event: 'superseded', actor: JOB, reason: refusal, gatewayPaymentId: answer.paymentId });
        const failed = ended ? (await findOrderById(tx, orderId))! : order;
        return { order: failed, payment: { ...payment, state: 'superseded', declineReason: refusal, gatewayPaymentId: answer.paymentId }, placed: false, unwanted: true };
      }
      const change = { state: 'authorised', gatewayPaymentId: answer.paymentId, cardFingerprint };
      await updatePayment(tx, payment.id, change);
      const states = await finalise(tx, order, answer, mode, items);
      return { order: { ...order, ...states }, payment: { ...payment, ...change }, placed: true, unwanted: false };
    });
    if (applied.unwanted && answer.status === 'authorised') await voidQuietly(answer.paymentId);
    return { order: applied.order, payment: applied.payment, placed: applied.placed };
  }

  /**
   * Ends a pending attempt that will not be paid, in the caller's transaction: its money's event (a real decline,
   * or superseded: replaced or abandoned), the order's payment_failed, the payment row, and the cart unlocked for a
   * retry. Does nothing when the order no longer waits (another process ended or placed it first).
   */
  async function endAttempt(
    tx: Queryable,
    order: OrderRow,
    payment: PaymentRow | null,
    end: {
      event: 'declined' | 'superseded';
      actor: Actor;
      reason: string;
      gatewayPaymentId?: string | null;
      cardFingerprint?: string | null;
      /** Counted as a decline against the patient, address, card and shop (default: every 'declined'). */
      counted?: boolean;
    },
  ): Promise<boolean> {
    const moved = await applyOrderPaymentEvent(tx, order.id, end.event, end.actor, { reason: end.reason });
    if (!moved.applied) return false;
    await applyOrderEvent(tx, order.id, 'payment_failed', end.actor, { reason: end.reason });
    if (payment) {
      await updatePayment(tx, payment.id, {
        state: end.event === 'superseded' ? 'superseded' : 'declined',
        declineReason: end.reason,
        ...(end.gatewayPaymentId !== undefined ? { gatewayPaymentId: end.gatewayPaymentId } : {}),
        // A decline counts against the patient, the address and the card (card testing); a replaced attempt does not.
        ...(end.event === 'declined' && end.counted !== false ? { declinedAt: declines.now() } : {}),
        ...(end.cardFingerprint ? { cardFingerprint: end.cardFingerprint } : {}),
      });
    }
    if (order.cartId !== null) await carts.unlock(tx, order.cartId);
    return true;
  }

  /** How long a card must wait before the shop takes another attempt with it (its declines of the last hour). */
  async function cardWait(tx: Queryable, cardFingerprint: string): Promise<DeclineVerdict> {
    const rule = declines.rules.card;
    const at = declines.now();
    return waitAfterDeclines(await recentDeclines(tx, { cardFingerprint }, at, rule.limit), rule, at.getTime());
  }

  /**
   * The reply an order's state gives (replyFor), except that an attempt refused for its card's declines answers 429
   * with the card's wait, for the first reply and every repeat alike.
   */
  async function answerFor(order: OrderRow, payment: PaymentRow | null): Promise<CheckoutReply> {
    if (order.state === 'payment_failed' && payment?.declineReason === CARD_PAUSED_REASON) {
      const verdict = payment.cardFingerprint ? await cardWait(db, payment.cardFingerprint) : { wait: 0 as const };
      // Its own code: this attempt is over, so the browser's retry is a new attempt (a repeat after the wait says 1 second).
      throw tooManyPaymentAttempts(verdict.wait > 0 ? (verdict as Exclude<DeclineVerdict, { wait: 0 }>) : { wait: 1, refused: false }, PAYMENT_ERROR.cardPaused);
    }
    return replyFor(order, payment);
  }

  /** Voids once however often it is asked (the key is the payment's): a repeat, a race or a retry after a crash moves no money twice. */
  async function voidQuietly(paymentId: string): Promise<boolean> {
    try {
      await gateway.void(paymentId, `void:${paymentId}`);
      return true;
    } catch (error) {
      log.error({ err: error, paymentId }, 'could not void a superseded authorisation');
      return false;
    }
  }

  /**
   * A replaced or abandoned attempt: asks the gateway what it holds under the order's number (an authorisation
   * whose reply was never recorded, or a challenge finished late) and voids every authorisation. With `settle`,
   * an attempt with nothing left that could still become an authorisation is watched no longer.
   */
  async function releaseAttempt(order: Pick<OrderRow, 'id' | 'number'>, settle: boolean): Promise<void> {
    const { release, settled } = releaseSuperseded(await gateway.findByReference(order.number));
    const voided = await Promise.all(release.map(voidQuietly));
    if (settle && settled && voided.every(Boolean)) await markPaymentReleased(db, order.id);
  }

  /**
   * A replaced attempt whose 3-D Secure or PayPal step the patient still finished (in a window left open): the
   * gateway authorised money for an order that no longer exists, so it is released at once.
   */
  async function releaseReplaced(payment: PaymentRow | null): Promise<void> {
    if (!payment || !wasSuperseded(payment) || !payment.gatewayPaymentId) return;
    const answer = await gateway.outcome(payment.gatewayPaymentId).catch(() => null);
    if (answer?.status === 'authorised') await voidQuietly(answer.paymentId);
  }

  /**
   * Everything an approved payment sets in motion, inside the caller's transaction; `answer` null for an order
   * that takes no payment (its total is £0), which then follows the same lifecycle. The caller holds the order's
   * row (locked, or inserted in this transaction) as `order`: its moves start from those states, and the states
   * they end in are answered. `known`: the order's lines, when the caller wrote them (they never change).
   */
  async function finalise(
    tx: Queryable,
    order: OrderRow,
    answer: Extract<Authorisation, { status: 'authorised' }> | null,
    mode: string,
    known?: readonly OrderItem[],
  ): Promise<HeldOrderStates> {
    const items = known ?? (await findOrderItems(tx, order.id));
    const recurring = items.filter((item) => isSubscriptionFrequency(item.frequency));

    let paymentTokenId: number | null = null;
    const provider = tokenProviderForMode(mode as CompleteCheckout['mode']);
    if (recurring.length > 0 && answer?.card && provider) {
      paymentTokenId = await saveDefaultPaymentToken(tx, {
        customerId: order.customerId,
        provider,
        gatewaySourceId: answer.card.sourceId,
        brand: answer.card.brand,
        last4: answer.card.last4,
        expiryMonth: answer.card.expiryMonth,
        expiryYear: answer.card.expiryYear,
        // The customer-initiated payment that stored the card: merchant-initiated renewals name it.
        initialPaymentId: answer.paymentId,
      });
    }

    let held: HeldOrderStates = { state: order.state as OrderState, paymentState: order.paymentState as OrderPaymentState };
    // What paid is kept in the history, for the order page and receipt ('Visa ending 4242').
    const paid = answer
      ? await applyOrderPaymentEvent(tx, order.id, 'authorised', GATEWAY, { data: { gatewayPaymentId: answer.paymentId, ...(answer.paidWith ? { paidWith: answer.paidWith } : {}) } }, held)
      : await applyOrderPaymentEvent(tx, order.id, 'not_required', GATEWAY, { reason: NOTHING_TO_PAY }, held);
    if (paid.applied) held = { ...held, paymentState: paid.to };
    const details = answer ? {} : { reason: NOTHING_TO_PAY };
    const authorised = await applyOrderEvent(tx, order.id, 'payment_authorised', GATEWAY, details, held);
    if (!authorised.applied) return held;
    await carryOutEffects(authorised.effects, { tx: tx as Db, order, event: 'payment_authorised', actor: GATEWAY, details, placement: { items, paymentTokenId, placedAt: now() } });
    // Its effects may have moved it on: with no photo or identity check to wait for, it goes straight to review.
    const placed = (await findOrderById(tx, order.id))!;
    return { state: placed.state as OrderState, paymentState: placed.paymentState as OrderPaymentState };
  }

  /**
   * Asks the gateway to authorise (idempotent by the order's key), then records what it said. `items`: the order's
   * lines when the caller just wrote them; else read. A subscription line keeps the card for renewals.
   */
  async function authorise(customer: Customer, order: OrderRow, payment: PaymentRow, source: PaymentSource, mode: string, items?: readonly OrderItem[]): Promise<CheckoutReply> {
    const lines = items ?? (await findOrderItems(db, order.id));
    let answer: Authorisation;
    try {
      answer = await gateway.authorise({
        amount: order.total,
        reference: order.number,
        source,
        customerEmail: customer.email,
        saveCard: lines.some((item) => isSubscriptionFrequency(item.frequency)),
        returnUrls: { success: returnUrl(order.number), failure: returnUrl(order.number) },
        idempotencyKey: `order:${order.number}:authorise`,
      });
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.reason === 'invalid_token') {
        answer = { status: 'declined', paymentId: null, reason: INVALID_PAYMENT_TOKEN };
      } else {
        log.error({ err: error, orderNumber: order.number }, 'payment gateway authorisation failed');
        // The order waits; a retry with the same key asks the gateway again, which answers the first attempt.
        throw new AppError(503, 'PAYMENT_UNAVAILABLE', PAYMENT_UNAVAILABLE_MESSAGE);
      }
    }
    const result = await applyOutcome(order.id, 'pending', answer, mode, lines);
    return answerFor(result.order, result.payment);
  }

  return {
    /**
     * POST /checkout/{token}/complete. Three steps, so that no database transaction is held open while the
     * gateway is called: (1) under the cart's row lock, find the order this Idempotency-Key already made, or
     * check the cart and write the order, its lines and a pending payment; (2) authorise at the gateway with the
     * order's own idempotency key; (3) under the order's row lock, record the answer once.
     *
     * Why not one transaction around the gateway call: a connection would be held, and the cart locked, for as long
     * as the provider takes (seconds), so concurrent checkouts would use up the pool; and the embedded database
     * has a single connection, on which the sandbox gateway's own writes would wait for the open transaction
     * forever. Correctness does not need it: the order row (unique per customer and key, one live order per cart)
     * is the idempotency record, and the gateway is idempotent by the order's key, so a repeat of any step,
     * concurrent or after a crash between steps, finds the same order and gets the same authorisation, and step
     * (3) applies it only once. 20 identical submits make one order and one authorisation.
     */
    async complete(customer: Customer, token: string, idempotencyKey: string, body: CompleteCheckout, origin: CheckoutOrigin): Promise<CheckoutReply> {
      const addressKey = declines.addressKeyOf(origin.address);
      // What pays is checked now, but refused only once the cart shows a payment is needed: a £0 order takes none.
      let paying: { method: string; source: PaymentSource } | AppError;
      try {
        const { method, source: wanted } = paymentMethodFor(body);
        const saved = wanted === 'saved' ? await findPaymentToken(db, customer.id, body.paymentTokenId!) : null;
        if (wanted === 'saved' && !saved) throw new AppError(422, PAYMENT_ERROR.invalidToken, INVALID_PAYMENT_TOKEN);
        paying = { method, source: wanted === 'saved' ? { type: 'saved-card', sourceId: saved!.gatewaySourceId } : wanted };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        paying = error;
      }

      const rules = await carts.prepare(token, customer.uid);
      // Read before the transaction: on the embedded database a query outside it would wait for it to end.
      const cardCheckFailures = await recentCardCheckFailures(customer.uid);
      let replaced = null as OrderRow | null;
      let placed: { order: OrderRow; payment: PaymentRow | null; items?: readonly OrderItem[] } | null;
      try {
        placed = await db.transaction(async (tx) => {
          const cart = await carts.lock(tx, token, customer.uid, rules);
          const { byKey: earlier, live } = await findOrdersForCheckout(tx, { customerId: customer.id, idempotencyKey, cartId: cart.id });
          if (earlier) {
            if (earlier.cartId !== cart.id) throw keyReused();
            return { order: earlier, payment: await findCheckoutPayment(tx, earlier.id) };
          }
          if (live && live.state !== 'payment_pending') {
            throw new AppError(409, PAYMENT_ERROR.alreadyPlaced, 'An order has already been placed from this basket.', { orderNumber: live.number });
          }
          if (cart.completedAt) throw new AppError(409, PAYMENT_ERROR.alreadyPlaced, 'An order has already been placed from this basket.');
          if (cart.problems.length > 0) throw new AppError(409, PAYMENT_ERROR.cartNotReady, cart.problems[0]!, { problems: cart.problems });
          // Counted in the database, so every process agrees; repeats of one attempt found their order above.
          const failed = (await countDeclinedPaymentsSince(tx, customer.id, new Date(now().getTime() - HOUR_MS))) + cardCheckFailures;
          if (failed >= failedAttemptsPerHour) {
            throw new TooManyRequestsError('TOO_MANY_PAYMENT_ATTEMPTS', TOO_MANY_PAYMENT_ATTEMPTS_MESSAGE, HOUR_MS / 1000);
          }
          // Fresh accounts buy no fresh attempts: declines count per address and shop-wide too (the card's, once the gateway names it).
          await paceDeclines(
            tx,
            [
              [{ customerId: customer.id }, declines.rules.patient],
              [{ addressKey }, declines.rules.address],
              ['shop', declines.rules.shop],
            ],
            declines.now(),
          );
          if (live) {
            // The patient left a 3-D Secure or PayPal step unfinished and pays again: the new attempt replaces it.
            await endAttempt(tx, live, await findCheckoutPayment(tx, live.id), { event: 'superseded', actor: { type: 'patient', id: customer.id }, reason: SUPERSEDED_REASON });
            replaced = live;
          }
          if (cart.customerUid === null) await claimCartFor(tx, cart.id, customer.uid);
          if (!isPaymentNeeded(cart.view.totals.total)) {
            const free = await createOrder(tx, customer, cart, idempotencyKey, body.mode, null);
            return { order: { ...free.order, ...(await finalise(tx, free.order, null, body.mode, free.items)) }, payment: null };
          }
          if (paying instanceof AppError) throw paying;
          return createOrder(tx, customer, cart, idempotencyKey, body.mode, paying.method, addressKey);
        });
      } catch (error) {
        if (error instanceof CartChangedError) throw new AppError(409, PAYMENT_ERROR.cartNotReady, CART_CHANGED_MESSAGE);
        // One key sent at once for two baskets: each basket's lock lets both through, the unique key stops one.
        if (isUniqueViolation(error)) throw keyReused();
        throw error;
      }
      // Its authorisation may exist without the shop knowing (a crash or a lost reply before it was recorded).
      if (replaced) {
        const old = replaced;
        await releaseAttempt(old, false).catch((error: unknown) => log.error({ err: error, orderNumber: old.number }, 'could not look up a replaced payment'));
      }
      const { order, payment, items } = placed;
      if (order.state === 'payment_pending' && payment?.state === 'pending') {
        // A repeat of an attempt whose first try never reached the gateway: it needs what pays after all.
        if (paying instanceof AppError) throw paying;
        return authorise(customer, order, payment, paying.source, order.paymentMode, items);
      }
      return answerFor(order, payment);
    },

    /** POST /orders/{number}/payment/confirm: after 3-D Secure or PayPal, record the gateway's outcome (idempotent). */
    async confirm(customer: Customer, number: string): Promise<CheckoutReply> {
      const order = await findOwnedOrder(db, customer.id, number);
      if (!order) throw notFound('We could not find that order.');
      const payment = await findCheckoutPayment(db, order.id);
      if (order.state === 'payment_pending' && payment?.state === 'challenge' && payment.gatewayPaymentId) {
        let answer: Authorisation;
        try {
          answer = await gateway.outcome(payment.gatewayPaymentId);
        } catch (error) {
          log.error({ err: error, orderNumber: order.number }, 'payment gateway outcome failed');
          throw new AppError(503, 'PAYMENT_UNAVAILABLE', PAYMENT_UNAVAILABLE_MESSAGE);
        }
        if (answer.status === 'challenge') throw new AppError(409, 'PAYMENT_NOT_FINISHED', 'The payment has not been finished yet. Please complete the step shown, or try again.');
        const result = await applyOutcome(order.id, 'challenge', answer, order.paymentMode);
        return { ...(await answerFor(result.order, result.payment)), status: 200 };
      }
      if (order.state === 'payment_pending' && payment?.state === 'challenge') throw new AppError(409, 'PAYMENT_IN_PROGRESS', PAYMENT_IN_PROGRESS_MESSAGE);
      if (order.state === 'payment_failed') await releaseReplaced(payment);
      return { ...(await answerFor(order, payment)), status: 200 };
    },

    /**
     * The sweeper, for an order left payment_pending past STALE_PAYMENT_MINUTES: asks the gateway what it holds
     * under the order's number and places the order with the authorisation of its total (as confirming would have),
     * or fails the attempt and unlocks the cart; any other authorisation is voided. Safe to run twice at once: the
     * outcome is applied under the order's row lock only while it still waits, and voids are idempotent.
     */
    async resolveStalePayment(orderId: number): Promise<'placed' | 'failed' | 'unchanged'> {
      const order = await findOrderById(db, orderId);
      const payment = order ? await findCheckoutPayment(db, order.id) : null;
      if (!order || order.state !== 'payment_pending' || !payment || (payment.state !== 'pending' && payment.state !== 'challenge')) return 'unchanged';
      const decision = decideStalePayment(order.total, await gateway.findByReference(order.number));
      let outcome: 'placed' | 'failed' | 'unchanged' = 'unchanged';
      if (decision.action === 'complete') {
        const answer = await gateway.outcome(decision.paymentId);
        if (answer.status !== 'authorised') return 'unchanged';
        const result = await applyOutcome(order.id, payment.state as 'pending' | 'challenge', answer, order.paymentMode);
        if (result.placed) outcome = 'placed';
      } else {
        const ended = await db.transaction(async (tx) => {
          const locked = await lockOrderAndItsCart(tx, order.id);
          if (locked.state !== 'payment_pending') return false;
          const reason = decision.event === 'declined' ? 'Declined at the payment provider' : ABANDONED_REASON;
          return endAttempt(tx, locked, await findCheckoutPayment(tx, order.id), { event: decision.event, actor: JOB, reason });
        });
        if (ended) outcome = 'failed';
      }
      await Promise.all(decision.release.map(voidQuietly));
      return outcome;
    },

    /** The sweeper, for a replaced or abandoned attempt: voids what the gateway still holds for it (idempotent). */
    releaseSupersededPayment: (order: Pick<OrderRow, 'id' | 'number'>) => releaseAttempt(order, true),

    /** GET /orders/{number}: the owner's order for the thank-you page; anyone else's is not found. */
    async view(customer: Customer, number: string): Promise<OrderView> {
      const order = await findOwnedOrder(db, customer.id, number);
      if (!order) throw notFound('We could not find that order.');
      const [items, subscription, experiments, hasBooking] = await Promise.all([
        findOrderItems(db, order.id),
        findOrderSubscription(db, order.id),
        experimentBuckets(db, customer),
        // 'With a booking' (SPEC §2): a coach call booked since this order was placed and not cancelled.
        hasCallBookedSince(db, customer.id, order.createdAt),
      ]);
      const attributes = await productAttributesByCode(db, [...new Set(items.map((item) => item.productCode))]);
      return {
        number: order.number,
        state: order.state as OrderState,
        consultationSlug: order.consultationSlug,
        createdAt: order.createdAt.toISOString(),
        customer: { firstName: customer.firstName, email: customer.email },
        items,
        totals: { subtotal: order.subtotal, discount: order.discount, shipping: order.shipping, credit: order.credit, total: order.total },
        shippingAddress: orderAddressOf(order.shippingAddress),
        billingAddress: orderAddressOf(order.billingAddress),
        hasBooking,
        subscription: subscription ? { id: subscription.id, frequency: subscription.frequency, nextDeliveryDate: subscription.nextDeliveryDate } : null,
        thankYou: thankYouFor(items.map((item) => item.productCode), attributes),
        experiments,
      };
    },

    async tasks(customer: Customer, number: string): Promise<Task[]> {
      const order = await findOwnedOrder(db, customer.id, number);
      if (!order) throw notFound('We could not find that order.');
      return taskBook.find(db, customer.id, { orderId: order.id });
    },

    experiments: (customer: Customer) => experimentBuckets(db, customer),

    /**
     * A verified gateway notification that a waiting payment was approved or declined (the patient may have closed
     * the window before the shop heard back). Only the payment id is taken from it: the outcome is asked of the
     * gateway, so a replayed or stale event changes nothing.
     */
    async paymentEvent(event: PaymentEvent): Promise<void> {
      if (event.type !== 'authorised' && event.type !== 'declined') return;
      const payment = await findPaymentByGatewayId(db, event.paymentId);
      if (payment && wasSuperseded(payment)) return releaseReplaced(payment);
      if (!payment || payment.state !== 'challenge') return;
      const answer = await gateway.outcome(event.paymentId);
      if (answer.status === 'challenge') return;
      const order = await findOrderById(db, payment.orderId);
      if (!order) return;
      await applyOutcome(order.id, 'challenge', answer, order.paymentMode);
    },
  };

  /** The order and its lines (answered as written); with a method, its pending payment too, and the cart locked until that payment ends. */
  async function createOrder(tx: Queryable, customer: Customer, cart: LockedCart, idempotencyKey: string, mode: string, method: string | null, clientAddressKey: string | null = null) {
    const { view } = cart;
    const order = await insertOrder(
      tx,
      {
        customerId: customer.id,
        cartId: cart.id,
        channel: cart.channel,
        consultationSlug: view.consultations[0] ?? null,
        state: 'payment_pending' satisfies OrderState,
        paymentState: 'pending' satisfies OrderPaymentState,
        paymentMode: mode,
        idempotencyKey,
        subtotal: view.totals.subtotal,
        discount: view.totals.discount,
        shipping: view.totals.shipping,
        credit: view.totals.credit,
        total: view.totals.total,
        discounts: view.discounts,
        shippingAddress: cart.shippingAddress!,
        billingAddress: cart.billingAddress ?? cart.shippingAddress!,
      },
      newOrderNumber,
    );
    const items = view.items.map(
      (item): NewOrderItem => ({
        productCode: item.product.code,
        productSlug: item.product.slug,
        productName: item.product.name,
        variantCode: item.variant.code,
        variantName: item.variant.name,
        dosage: item.variant.dosage,
        isPrescriptionOnly: item.product.isPrescriptionOnly,
        frequency: item.frequency,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        total: item.total,
        image: item.product.images.find((image) => image.code === 'main') ?? item.product.images[0] ?? null,
      }),
    );
    await insertOrderItems(tx, order.id, items);
    await copyConsultationsOntoOrder(tx, order.id, customer.id, cart.consultations, ukToday(now()), customer.birthday);
    // The credit is taken with the order; it comes back by itself if the order never goes ahead (see referrals).
    if (referrals) await referrals.recordSpend(tx, order);
    await carts.lockForPayment(tx, cart.id);
    const written = items.map(orderItemOf);
    if (method === null) return { order, payment: null, items: written };
    const payment = await insertPayment(tx, { orderId: order.id, gateway: gateway.name, method, amount: order.total, state: 'pending', clientAddressKey });
    return { order, payment, items: written };
  }
}
export type OrderService = ReturnType<typeof createOrderService>;

/** The thank-you page's next steps and info box: from the first ordered product that has them. */
function thankYouFor(codes: readonly string[], products: { code: string; attributes: { code: string; value: unknown }[] }[]): OrderView['thankYou'] {
  let nextSteps: OrderView['thankYou']['nextSteps'] = [];
  let infoBox: OrderView['thankYou']['infoBox'] = null;
  for (const code of codes) {
    const attributes = products.find((product) => product.code === code)?.attributes ?? [];
    if (nextSteps.length === 0) {
      const parsed = nextStepsValue.safeParse(attributes.find((attribute) => attribute.code === 'task_thankyou_page_next_steps')?.value);
      if (parsed.success) nextSteps = parsed.data.items;
    }
    if (!infoBox) {
      const parsed = thankYouInfoBoxSchema.safeParse(attributes.find((attribute) => attribute.code === 'task_thankyou_page_info_box')?.value);
      if (parsed.success) infoBox = parsed.data;
    }
  }
  return { nextSteps, infoBox };
}

/** The order's copy of an address (as the cart held it at checkout) in the view's shape; a missing field reads as blank. */
function orderAddressOf(stored: Record<string, unknown>): CartAddress {
  const text = (key: string) => (typeof stored[key] === 'string' ? (stored[key] as string) : '');
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    company: text('company'),
    street: text('street'),
    city: text('city'),
    postcode: text('postcode'),
    countryCode: 'GB',
    phoneNumber: text('phoneNumber') || null,
  };
}
