import type { Db } from '../db/client';

type Writer = Pick<Db, 'select' | 'insert' | 'execute'>;

/** What the referral scheme means for one buyer. */
export interface BuyerReferral {
  /** Came through a friend's link and is not that friend (account, email, delivery address). */
  referred: boolean;
  /** Referral credit they can spend now. */
  creditBalance: number;
}
export const NO_REFERRAL: BuyerReferral = { referred: false, creditBalance: 0 };

/** The referral scheme as checkout and orders use it (the referrals module's createReferrals answers). */
export interface ReferralsAtCheckout {
  forBuyer(db: Writer, customerUid: string | null, options?: { shippingAddress?: Record<string, unknown> | null; lock?: boolean }): Promise<BuyerReferral>;
  /** Debits the credit an order spent, once per order. */
  recordSpend(db: Writer, order: { id: number; customerId: number; credit: number }): Promise<void>;
}
