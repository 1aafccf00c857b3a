import { and, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import {
  hasReferralDiscount,
  normaliseEmail,
  referralCredit,
  referralCreditTakenBack,
  referralSummary,
  selfReferral,
  type ReferralParty,
  type ReferralSummary,
} from '@elmwood/domain';
import { NO_REFERRAL, type BuyerReferral } from '../../contracts/referrals';
import type { Db } from '../../db/client';
import { addresses, customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { payments, paymentTokens } from '../../db/schema/payments';
import { referralLedger } from '../../db/schema/referrals';

type Queryable = Pick<Db, 'select' | 'insert' | 'execute'>;

/** Orders whose spending of credit never went ahead: their debit is given back. */
const UNSPENT_STATES = ['payment_failed', 'rejected', 'cancelled'];

/** What a cart's pricing needs to know of the signed-in buyer. */
export { NO_REFERRAL, type BuyerReferral };

export interface ReferralSettings {
  /** Most a referrer earns in a year (REFERRAL_CAP_PENCE). */
  capPence: number;
}

type OrderLike = Pick<typeof orders.$inferSelect, 'id' | 'customerId' | 'subtotal' | 'discounts' | 'shippingAddress' | 'createdAt'>;

/**
 * The patient's referral credit they can spend now: credits, less what refunds of the friends' orders took back
 * (clawback), less debits, except those of orders that never went ahead. Needs no settings, so renewals read it too.
 */
export async function referralBalance(db: Queryable, customerId: number): Promise<number> {
  const [row] = await db
    .select({
      balance: sql<number>`coalesce(sum(case
        when ${referralLedger.entry} = 'credit' then ${referralLedger.amount}
        when ${referralLedger.entry} = 'clawback' then -${referralLedger.amount}
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

  /**
   * The account as the self-referral rules see it: email, delivery addresses used or saved, cards kept, and the
   * gateway's fingerprint of every card its orders were paid with or tried (one-off orders keep no card).
   */
  async function party(db: Queryable, customerId: number, extraAddresses: readonly Record<string, unknown>[] = []): Promise<ReferralParty | null> {
    const [customer] = await db.select({ id: customers.id, email: customers.email }).from(customers).where(eq(customers.id, customerId));
    if (!customer) return null;
    const [shipped, saved, cards, fingerprints] = await Promise.all([
      db.select({ address: orders.shippingAddress }).from(orders).where(eq(orders.customerId, customerId)).limit(200),
      db.select({ company: addresses.company, street: addresses.street, postcode: addresses.postcode }).from(addresses).where(eq(addresses.customerId, customerId)),
      db
        .select({ brand: paymentTokens.brand, last4: paymentTokens.last4, month: paymentTokens.expiryMonth, year: paymentTokens.expiryYear })
        .from(paymentTokens)
        .where(eq(paymentTokens.customerId, customerId)),
      db
        .select({ fingerprint: payments.cardFingerprint })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(orders.customerId, customerId), isNotNull(payments.cardFingerprint)))
        .groupBy(payments.cardFingerprint)
        .limit(200),
    ]);
    return {
      customerId: customer.id,
      email: customer.email,
      addresses: [...shipped.map((row) => row.address), ...saved, ...extraAddresses],
      cards: [
        ...cards.map((card) => `${card.brand.toLowerCase()}:${card.last4}:${card.month ?? ''}/${card.year ?? ''}`),
        ...fingerprints.map((row) => `fingerprint:${row.fingerprint}`),
      ],
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
     * The lifecycle's credit_referrer effect, in the approval's transaction: a friend's first order, when it carried
     * the referral discount, earns the referrer 20 % of its subtotal, within the yearly cap, once; never for a
     * referral that turns out to be the referrer's own (account, email, card or delivery address).
     */
    async creditReferrer(db: Queryable, order: OrderLike): Promise<number> {
      if (!hasReferralDiscount(order.discounts)) return 0;
      const referrer = await referrerOf(db, order.customerId);
      if (!referrer) return 0;
      const [own, friend] = await Promise.all([party(db, referrer.id), party(db, order.customerId, [order.shippingAddress])]);
      if (!own || !friend || selfReferral(own, friend)) return 0;
      // The referrer's row is locked, so two approvals at once cannot both fit under the cap, nor both be the first.
      await db.select({ id: customers.id }).from(customers).where(eq(customers.id, referrer.id)).for('update');
      // Only the friend's first order earns: another of theirs that earned already (two orders that both carried the
      // discount, as two baskets paid during one 3-D Secure step once could) earns nothing more.
      const [earlier] = await db
        .select({ id: referralLedger.id })
        .from(referralLedger)
        .innerJoin(orders, eq(orders.id, referralLedger.orderId))
        .where(and(eq(referralLedger.entry, 'credit'), eq(orders.customerId, order.customerId), ne(orders.id, order.id)))
        .limit(1);
      if (earlier) return 0;
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

    /**
     * A refund of a friend's order (the payment's partially_refunded or refunded effect, in its transaction): the
     * referrer's credit for that order is taken back in proportion to what has been refunded so far, never taking
     * their balance below zero. The ledger keeps one 'clawback' entry per order, grown by each refund. Answers what
     * this refund took back, and from whom (null when the order earned nobody credit).
     */
    async takeBackCredit(db: Queryable, order: Pick<OrderLike, 'id'> & { total: number }, refunded: number): Promise<{ referrerId: number; amount: number } | null> {
      const [credit] = await db.select().from(referralLedger).where(and(eq(referralLedger.orderId, order.id), eq(referralLedger.entry, 'credit')));
      if (!credit) return null;
      // The referrer's row is locked, as spending and earning lock it, so the balance read is the balance left.
      await db.select({ id: customers.id }).from(customers).where(eq(customers.id, credit.customerId)).for('update');
      const [clawback] = await db.select({ amount: referralLedger.amount }).from(referralLedger).where(and(eq(referralLedger.orderId, order.id), eq(referralLedger.entry, 'clawback')));
      const taken = clawback?.amount ?? 0;
      const total = referralCreditTakenBack({ credit: credit.amount, paid: order.total, refunded, taken, balance: await balanceOf(db, credit.customerId) });
      if (total <= taken) return { referrerId: credit.customerId, amount: 0 };
      await db
        .insert(referralLedger)
        .values({ customerId: credit.customerId, entry: 'clawback', amount: total, orderId: order.id })
        .onConflictDoUpdate({ target: [referralLedger.entry, referralLedger.orderId], set: { amount: total } });
      return { referrerId: credit.customerId, amount: total - taken };
    },

    /**
     * GET /referrals/summary: friends whose approved order earned a credit that a refund has not taken back whole,
     * what they earned less what refunds took back, and the yearly cap.
     */
    async summary(db: Queryable, customerId: number): Promise<ReferralSummary> {
      const result = await db.execute(sql`
        select count(*) filter (where c.amount > coalesce(b.amount, 0))::int as count, coalesce(sum(c.amount - coalesce(b.amount, 0)), 0)::int as earned
        from referral_ledger c
        left join referral_ledger b on b.order_id = c.order_id and b.entry = 'clawback'
        where c.customer_id = ${customerId} and c.entry = 'credit'`);
      const row = (result as unknown as { rows: { count: number; earned: number }[] }).rows[0];
      return referralSummary(row?.count ?? 0, row?.earned ?? 0, capPence);
    },
  };
}
export type Referrals = ReturnType<typeof createReferrals>;
