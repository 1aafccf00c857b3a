import { and, eq, gte, sql } from 'drizzle-orm';
import {
  hasReferralDiscount,
  normaliseEmail,
  referralCredit,
  referralSummary,
  selfReferral,
  type ReferralParty,
  type ReferralSummary,
} from '@elmwood/domain';
import type { Db } from '../../db/client';
import { addresses, customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { paymentTokens } from '../../db/schema/payments';
import { referralLedger } from '../../db/schema/referrals';

type Queryable = Pick<Db, 'select' | 'insert' | 'execute'>;

/** Orders whose spending of credit never went ahead: their debit is given back. */
const UNSPENT_STATES = ['payment_failed', 'rejected', 'cancelled'];
/** A friend's order refunded after approval earns nothing. */
const UNEARNED_STATES = ['refunded'];

/** What a cart's pricing needs to know of the signed-in buyer. */
export interface BuyerReferral {
  /** Came through a friend's link and is not that friend (account, email, delivery address). */
  referred: boolean;
  /** Referral credit they can spend now. */
  creditBalance: number;
}
export const NO_REFERRAL: BuyerReferral = { referred: false, creditBalance: 0 };

export interface ReferralSettings {
  /** Most a referrer earns in a year (REFERRAL_CAP_PENCE). */
  capPence: number;
}

type OrderLike = Pick<typeof orders.$inferSelect, 'id' | 'customerId' | 'subtotal' | 'discounts' | 'shippingAddress' | 'createdAt'>;

/**
 * The patient's referral credit they can spend now: credits, less those whose friend's order was refunded, less
 * debits, except those of orders that never went ahead. Needs no settings, so renewals read it too.
 */
export async function referralBalance(db: Queryable, customerId: number): Promise<number> {
  const [row] = await db
    .select({
      balance: sql<number>`coalesce(sum(case
        when ${referralLedger.entry} = 'credit' and ${orders.state} not in (${sql.join(UNEARNED_STATES.map((state) => sql`${state}`), sql`, `)}) then ${referralLedger.amount}
        when ${referralLedger.entry} = 'debit' and ${orders.state} not in (${sql.join(UNSPENT_STATES.map((state) => sql`${state}`), sql`, `)}) then -${referralLedger.amount}
        else 0 end), 0)::int`,
    })
    .from(referralLedger)
    .innerJoin(orders, eq(orders.id, referralLedger.orderId))
    .where(eq(referralLedger.customerId, customerId));
  return row?.balance ?? 0;
}

/** An order placed spending credit: its debit, once (a repeat of the order's placement adds nothing). */
export async function recordReferralSpend(db: Queryable, order: { id: number; customerId: number; credit: number }): Promise<void> {
  if (order.credit <= 0) return;
  await db.insert(referralLedger).values({ customerId: order.customerId, entry: 'debit', amount: order.credit, orderId: order.id }).onConflictDoNothing();
}

/**
 * Referral rewards (issue 19), on the server only: who counts as referred, the referrer's credit earned when a
 * friend's first order is approved, and its spending on the referrer's next order (or renewal: subscriptions/repo). Every rule's arithmetic is in
 * @elmwood/domain (referrals/rewards); here are the reads and the ledger.
 */
export function createReferrals({ capPence }: ReferralSettings) {
  const balanceOf = referralBalance;

  /** The account as the self-referral rules see it: email, delivery addresses used or saved, cards kept. */
  async function party(db: Queryable, customerId: number, extraAddresses: readonly Record<string, unknown>[] = []): Promise<ReferralParty | null> {
    const [customer] = await db.select({ id: customers.id, email: customers.email }).from(customers).where(eq(customers.id, customerId));
    if (!customer) return null;
    const [shipped, saved, cards] = await Promise.all([
      db.select({ address: orders.shippingAddress }).from(orders).where(eq(orders.customerId, customerId)).limit(200),
      db.select({ company: addresses.company, street: addresses.street, postcode: addresses.postcode }).from(addresses).where(eq(addresses.customerId, customerId)),
      db
        .select({ brand: paymentTokens.brand, last4: paymentTokens.last4, month: paymentTokens.expiryMonth, year: paymentTokens.expiryYear })
        .from(paymentTokens)
        .where(eq(paymentTokens.customerId, customerId)),
    ]);
    return {
      customerId: customer.id,
      email: customer.email,
      addresses: [...shipped.map((row) => row.address), ...saved, ...extraAddresses],
      cards: cards.map((card) => `${card.brand.toLowerCase()}:${card.last4}:${card.month ?? ''}/${card.year ?? ''}`),
    };
  }

  /** The referrer a friend's account names (its invitedBy uid), if that account still exists. */
  async function referrerOf(db: Queryable, friendId: number): Promise<{ id: number; email: string } | null> {
    const [row] = await db
      .select({ id: sql<number | null>`r.id`, email: sql<string | null>`r.email` })
      .from(customers)
      .leftJoin(sql`customers r`, sql`r.uid::text = ${customers.invitedBy}`)
      .where(eq(customers.id, friendId));
    return row?.id ? { id: row.id, email: row.email! } : null;
  }

  return {
    balanceOf,

    /**
     * The buyer's referral standing for pricing a cart. At checkout the delivery address is known and checked
     * against the referrer's too; with `lock`, the buyer's row is locked so two checkouts cannot spend one credit twice.
     */
    async forBuyer(db: Queryable, customerUid: string | null, options: { shippingAddress?: Record<string, unknown> | null; lock?: boolean } = {}): Promise<BuyerReferral> {
      if (!customerUid) return NO_REFERRAL;
      const query = db.select({ id: customers.id, email: customers.email, invitedBy: customers.invitedBy }).from(customers).where(eq(customers.uid, customerUid));
      const [buyer] = options.lock ? await query.for('update') : await query;
      if (!buyer) return NO_REFERRAL;
      const creditBalance = await balanceOf(db, buyer.id);
      if (!buyer.invitedBy) return { referred: false, creditBalance };
      const referrer = await referrerOf(db, buyer.id);
      if (!referrer || referrer.id === buyer.id || normaliseEmail(referrer.email) === normaliseEmail(buyer.email)) return { referred: false, creditBalance };
      if (options.shippingAddress) {
        const [own, friend] = await Promise.all([party(db, referrer.id), party(db, buyer.id, [options.shippingAddress])]);
        if (own && friend && selfReferral(own, friend)) return { referred: false, creditBalance };
      }
      return { referred: true, creditBalance };
    },

    /** An order placed spending credit: its debit, once (a repeat of the order's placement adds nothing). */
    recordSpend: recordReferralSpend,

    /**
     * The lifecycle's credit_referrer effect, in the approval's transaction: a friend's order that carried the
     * referral discount earns the referrer 20 % of its subtotal, within the yearly cap, once; never for a referral
     * that turns out to be the referrer's own (account, email, card or delivery address).
     */
    async creditReferrer(db: Queryable, order: OrderLike): Promise<number> {
      if (!hasReferralDiscount(order.discounts)) return 0;
      const referrer = await referrerOf(db, order.customerId);
      if (!referrer) return 0;
      const [own, friend] = await Promise.all([party(db, referrer.id), party(db, order.customerId, [order.shippingAddress])]);
      if (!own || !friend || selfReferral(own, friend)) return 0;
      // The referrer's row is locked, so two approvals at once cannot both fit under the cap.
      await db.select({ id: customers.id }).from(customers).where(eq(customers.id, referrer.id)).for('update');
      const yearAgo = new Date(order.createdAt.getTime() - 365 * 24 * 3600 * 1000);
      const [earned] = await db
        .select({ sum: sql<number>`coalesce(sum(${referralLedger.amount}), 0)::int` })
        .from(referralLedger)
        .where(and(eq(referralLedger.customerId, referrer.id), eq(referralLedger.entry, 'credit'), gte(referralLedger.createdAt, yearAgo)));
      const amount = referralCredit(order.subtotal, earned?.sum ?? 0, capPence);
      if (amount <= 0) return 0;
      const inserted = await db.insert(referralLedger).values({ customerId: referrer.id, entry: 'credit', amount, orderId: order.id }).onConflictDoNothing().returning({ id: referralLedger.id });
      return inserted.length > 0 ? amount : 0;
    },

    /** GET /referrals/summary: friends whose approved order earned a credit, what they earned, and the yearly cap. */
    async summary(db: Queryable, customerId: number): Promise<ReferralSummary> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, earned: sql<number>`coalesce(sum(${referralLedger.amount}), 0)::int` })
        .from(referralLedger)
        .innerJoin(orders, eq(orders.id, referralLedger.orderId))
        .where(and(eq(referralLedger.customerId, customerId), eq(referralLedger.entry, 'credit'), sql`${orders.state} not in (${sql.join(UNEARNED_STATES.map((state) => sql`${state}`), sql`, `)})`));
      return referralSummary(row?.count ?? 0, row?.earned ?? 0, capPence);
    },
  };
}
export type Referrals = ReturnType<typeof createReferrals>;
