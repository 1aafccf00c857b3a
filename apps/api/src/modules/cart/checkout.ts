import { eq } from 'drizzle-orm';
import { REFERRAL_PROMOTION, reservedDiscountRefusal, ukToday, type Cart, type Promotion } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { carts } from '../../db/schema/cart';
import { notFound } from '../../lib/errors';
import type { QuestionnaireService } from '../../contracts/questionnaires';
import { NO_REFERRAL, type ReferralsAtCheckout } from '../../contracts/referrals';
import { judgedByConsultation, prescriptionVerdict, type ConsultationAnswers } from './prescription-guard';
import type { PromotionCatalog } from './promotions';
import {
  findCartSnapshot,
  findOtherOrdersHistory,
  findPromotionDefinitions,
  findPromotionHistory,
  lockCartForPayment,
  lockPatient,
  preparedCheckoutRulesRead,
  type CartLineRow,
  type Queryable,
} from './repo';
import { toCart, visibleTo, type Viewer } from './service';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CART_NOT_FOUND = 'We could not find that cart. It may have expired; please start again.';

/** What judging a cart needs besides the cart: read before the order's transaction (it may come from a cache or a query). */
export interface CheckoutRules {
  couponCode: string | null;
  offers: Promotion[];
  questionnaires: Map<number, ConsultationAnswers['questionnaire'] & { slug: string }>;
}

export interface LockedCart {
  id: number;
  token: string;
  channel: Cart['channel'];
  customerUid: string | null;
  shippingAddress: Record<string, unknown> | null;
  billingAddress: Record<string, unknown> | null;
  completedAt: Date | null;
  view: Cart;
  lines: CartLineRow[];
  /** The linked consultations as they stand under the lock: what the order copies for the prescriber. */
  consultations: (ConsultationAnswers & { consultationId: string })[];
  /** Why it cannot be ordered as it stands (empty: it can). */
  problems: string[];
}

/** Signals that the cart changed between reading the rules and locking it; the caller answers 409 and the patient retries. */
export class CartChangedError extends Error {}

export interface CheckoutCarts {
  prepare(token: string, viewer: Viewer): Promise<CheckoutRules>;
  /** Locks the cart row (SELECT … FOR UPDATE) in the caller's transaction and judges it under that lock. */
  lock(tx: Queryable, token: string, viewer: Viewer, rules: CheckoutRules): Promise<LockedCart>;
  markCompleted(tx: Queryable, cartId: number): Promise<void>;
  /**
   * From the creation of a pending order until it is placed, fails or is replaced, the cart cannot change; its
   * consultations are the order's record from then on (a later answer starts a new consultation).
   */
  lockForPayment(tx: Queryable, cartId: number): Promise<void>;
  /** The pending order failed or was replaced: the cart may change again, for a retry. */
  unlock(tx: Queryable, cartId: number): Promise<void>;
  /**
   * A waiting order is about to be placed: under the patient's lock, whether each discount it reserved when it was
   * written still stands against their other placed orders. Answers the patient's message when one does not.
   */
  reservedDiscountRefusal(tx: Queryable, order: { id: number; customerId: number; discounts: readonly Record<string, unknown>[] }): Promise<string | null>;
}

/**
 * Carts as placing an order sees them. The promotions and questionnaires are read first (they may need their own
 * query, which must not run inside the order's transaction); the cart itself, its lines, consultations and address
 * are read under the row lock, so the order is exactly the cart as it is at that moment.
 */
export function checkoutCarts({ db, promotions, questionnaires, referrals, today = () => ukToday(new Date()), now = () => new Date() }: {
  db: Db;
  promotions: PromotionCatalog;
  referrals?: ReferralsAtCheckout;
  questionnaires: QuestionnaireService;
  today?: () => string;
  now?: () => Date;
}): CheckoutCarts {
  const readRules = preparedCheckoutRulesRead(db);
  return {
    async prepare(token, viewer) {
      const found = TOKEN_PATTERN.test(token) ? await readRules(token) : null;
      if (!found || !visibleTo(found, viewer)) throw notFound(CART_NOT_FOUND);
      const [automatic, coupon, cached] = await Promise.all([
        promotions.automatic(),
        promotions.byCoupon(found.couponCode),
        Promise.all(found.questionnaireIds.map((questionnaireId) => questionnaires.byId(questionnaireId))),
      ]);
      const byId = new Map(cached.filter((entry) => entry !== null).map((entry) => [entry.questionnaire.questionnaireId, entry.questionnaire]));
      return { couponCode: found.couponCode, offers: coupon ? [...automatic, coupon] : automatic, questionnaires: byId };
    },

    async lock(tx, token, viewer, rules) {
      const [row] = await tx
        .select({
          id: carts.id,
          customerUid: carts.customerUid,
          shippingAddress: carts.shippingAddress,
          billingAddress: carts.billingAddress,
          completedAt: carts.completedAt,
        })
        .from(carts)
        .where(eq(carts.token, token))
        .for('update');
      if (!row || !visibleTo(row, viewer)) throw notFound(CART_NOT_FOUND);
      // The patient's turn: what their other orders hold (credit, a first-order discount, a promotion's uses) is read
      // under their lock, so a second checkout of theirs, from another basket, waits and then sees this order.
      if (viewer !== null) await lockPatient(tx, { uid: viewer });
      const snapshot = await findCartSnapshot(tx, token);
      if (!snapshot) throw notFound(CART_NOT_FOUND);
      const linked = snapshot.linked.map(({ id, questionnaireId, answers }) => ({ consultationId: id, questionnaire: rules.questionnaires.get(questionnaireId), answers }));
      if (snapshot.cart.couponCode !== rules.couponCode || linked.some((entry) => !entry.questionnaire)) throw new CartChangedError();
      const consultations = linked as (ConsultationAnswers & { consultationId: string; questionnaire: { slug: string } })[];
      // Decided again here, under the patient's lock, for the patient paying: a cart read earlier may have shown a
      // first-order discount before they signed in, before another order of theirs was placed, or before another
      // basket's order reserved it while waiting for its 3-D Secure step.
      // The snapshot, read under the lock, counted its owner's; a cart the viewer claims only now is counted for them.
      const history = viewer === null ? null : snapshot.cart.customerUid === viewer ? snapshot.promotionHistory : await findPromotionHistory(tx, viewer, snapshot.cart.id);
      // The buyer's row is locked with it, so one referral credit is never spent by two checkouts.
      const referral = referrals && viewer !== null ? await referrals.forBuyer(tx, viewer, { shippingAddress: row.shippingAddress, lock: true }) : NO_REFERRAL;
      const view = toCart(snapshot.cart, snapshot.lines, consultations.map((entry) => entry.questionnaire.slug), rules.offers, now(), history, referral);

      const problems: string[] = [];
      if (snapshot.lines.length === 0) problems.push('Your basket is empty.');
      if (snapshot.lines.some((line) => line.price === null)) problems.push('A treatment in your basket can no longer be bought at that frequency.');
      if (!row.shippingAddress) problems.push('Shipping address missing');
      const date = today();
      for (const line of snapshot.lines.filter((candidate) => judgedByConsultation(candidate.product, consultations))) {
        const verdict = prescriptionVerdict(line.product.code, line.variant.code, consultations, date);
        if (!verdict.allowed) problems.push(verdict.message);
      }
      return { ...row, token, channel: snapshot.cart.channel, view, lines: snapshot.lines, consultations, problems };
    },

    async markCompleted(tx, cartId) {
      await tx.update(carts).set({ completedAt: new Date(), updatedAt: new Date() }).where(eq(carts.id, cartId));
    },

    lockForPayment: lockCartForPayment,

    async unlock(tx, cartId) {
      await tx.update(carts).set({ lockedAt: null }).where(eq(carts.id, cartId));
    },

    async reservedDiscountRefusal(tx, order) {
      const codes = order.discounts.map((discount) => discount.code).filter((code): code is string => typeof code === 'string');
      if (codes.length === 0) return null;
      await lockPatient(tx, { id: order.customerId });
      const others = await findOtherOrdersHistory(tx, order.customerId, order.id);
      const stored = await findPromotionDefinitions(tx, codes);
      const definitions = codes.includes(REFERRAL_PROMOTION.code) ? [...stored, REFERRAL_PROMOTION] : stored;
      for (const promotion of definitions) {
        const refusal = reservedDiscountRefusal(promotion, others);
        if (refusal) return refusal;
      }
      return null;
    },
  };
}
