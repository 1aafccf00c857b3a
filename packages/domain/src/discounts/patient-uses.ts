import type { Promotion } from './promotions';

/**
 * What a patient's own orders say about the promotions they may still have. Read under the patient's lock when an
 * order is written or placed, so two checkouts of one patient never both take what is left. Null for a visitor's
 * cart: who they are is not known until they sign in, and checkout decides again.
 */
export interface PromotionHistory {
  /** Orders placed (PLACED_ORDER_STATES), whatever followed. */
  placedOrders: number;
  /** A placed order carried a first-order discount (WELCOME20, the referral discount). */
  firstOrderUsed: boolean;
  /**
   * An order still waiting for its payment (3-D Secure, PayPal) carries a first-order discount: the discount is
   * reserved for it, and no other order gets it while it waits.
   */
  firstOrderReserved: boolean;
  /** Per promotion code: the placed orders that carried it. */
  placedUses: Readonly<Record<string, number>>;
  /** Per promotion code: the orders waiting for their payment that carry it (each reserves one use). */
  pendingUses: Readonly<Record<string, number>>;
}

export const NO_PROMOTION_HISTORY: PromotionHistory = { placedOrders: 0, firstOrderUsed: false, firstOrderReserved: false, placedUses: {}, pendingUses: {} };

export const PROMOTION_ALREADY_USED_MESSAGE = 'You have already used this discount code.';
export const PROMOTION_USED_UP_MESSAGE = 'You have already had this offer as many times as it allows.';
export const FIRST_ORDER_DISCOUNT_TAKEN_MESSAGE =
  'Your first-order discount has already been used on another order, so this order was not placed and nothing was taken. Please check your basket: it now shows its price without that discount.';
export const PROMOTION_TAKEN_MESSAGE =
  'A discount on this order has already been used as many times as it allows, so this order was not placed and nothing was taken. Please check your basket: it now shows its price without that discount.';

/**
 * Whether a 'first order' promotion (WELCOME20, the referral discount) applies: to a patient with no placed order and
 * no other order holding one while it waits for its payment. A visitor's cart cannot know, so it shows the promotion
 * until they sign in; checkout decides again under the patient's lock.
 */
export function isFirstOrder(history: PromotionHistory | null): boolean {
  return history === null || (history.placedOrders === 0 && !history.firstOrderReserved);
}

/** Whether the patient has a use of the promotion left, counting the uses reserved by orders waiting for their payment. */
export function withinPatientLimit(promotion: Pick<Promotion, 'code' | 'perPatientLimit'>, history: PromotionHistory | null): boolean {
  const limit = promotion.perPatientLimit ?? null;
  if (history === null || limit === null) return true;
  return (history.placedUses[promotion.code] ?? 0) + (history.pendingUses[promotion.code] ?? 0) < limit;
}

/** The offers this patient may have on the order being priced: first-order ones on a first order only, none past its use limit. */
export function promotionsOpenTo(offers: readonly Promotion[], history: PromotionHistory | null): Promotion[] {
  const first = isFirstOrder(history);
  return offers.filter((promotion) => (!promotion.firstOrderOnly || first) && withinPatientLimit(promotion, history));
}

/**
 * Why a signed-in patient cannot enter this code, or null when they can: its uses are spent on orders they placed.
 * An order still waiting for its payment may yet fail, so its reservation keeps the discount off the basket without
 * refusing the code.
 */
export function couponRefusal(promotion: Pick<Promotion, 'code' | 'perPatientLimit'>, history: PromotionHistory | null): string | null {
  const limit = promotion.perPatientLimit ?? null;
  if (history === null || limit === null || (history.placedUses[promotion.code] ?? 0) < limit) return null;
  return limit === 1 ? PROMOTION_ALREADY_USED_MESSAGE : PROMOTION_USED_UP_MESSAGE;
}

/**
 * When a waiting order is placed (its 3-D Secure or PayPal step finished, or the sweeper found it paid): whether a
 * discount it reserved still stands, against the patient's other placed orders (`others` leaves this one out). An
 * order placed meanwhile without the discount does not undo the reservation; one that carried a first-order discount,
 * or the promotion's last use, does (an order reserved before reservations existed, or a race the lock did not see).
 * Answers the patient's message when it does not stand.
 */
export function reservedDiscountRefusal(promotion: Pick<Promotion, 'code' | 'firstOrderOnly' | 'perPatientLimit'>, others: PromotionHistory): string | null {
  if (promotion.firstOrderOnly && others.firstOrderUsed) return FIRST_ORDER_DISCOUNT_TAKEN_MESSAGE;
  const limit = promotion.perPatientLimit ?? null;
  if (limit !== null && (others.placedUses[promotion.code] ?? 0) >= limit) return PROMOTION_TAKEN_MESSAGE;
  return null;
}
