import { z } from 'zod';
import type { Pence } from '../money/money';
import type { Promotion } from '../discounts/promotions';
import { sameBuilding, type ComparableAddress } from '../address/same-building';

/** SPEC §9: the referred friend and the referrer each get 20 %. */
export const REFERRAL_PERCENT = 20;

/** The friend's first-order discount: shown as 'REFERRAL DISCOUNT' (it is marked referral). */
export const REFERRAL_PROMOTION: Promotion = {
  code: 'REFERRAL_20',
  name: 'Referral discount',
  kind: 'percentage',
  value: REFERRAL_PERCENT,
  couponCode: null,
  exclusive: false,
  firstOrderOnly: true,
  perPatientLimit: 1,
  referral: true,
  variantCodes: [],
};

/**
 * The offers of a referred friend's cart: the referral discount replaces any other first-order discount (they never
 * combine); the offers of anyone else stay as they are.
 */
export function offersWithReferral(offers: readonly Promotion[], referred: boolean): Promotion[] {
  if (!referred) return [...offers];
  return [...offers.filter((offer) => !offer.firstOrderOnly), REFERRAL_PROMOTION];
}

/** Whether an order carried the referral discount (its discounts as the cart showed them). */
export function hasReferralDiscount(discounts: readonly { code?: unknown }[]): boolean {
  return discounts.some((discount) => discount.code === REFERRAL_PROMOTION.code);
}

/**
 * One mailbox, however it is written: lower case, and in the local part dots and anything after '+' dropped
 * (a.b+ref@example.com and ab@example.com reach the same person at most providers).
 */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  const local = trimmed.slice(0, at).split('+')[0]!.replace(/\./g, '');
  return `${local}@${trimmed.slice(at + 1)}`;
}

/** The same household: the same building once case, spacing, punctuation, flat or unit and postcode spacing are set aside. */
export function sameDeliveryAddress(a: ComparableAddress, b: ComparableAddress): boolean {
  return sameBuilding(a, b);
}

export interface ReferralParty {
  customerId: number;
  email: string;
  /** Delivery addresses used or saved. */
  addresses: readonly ComparableAddress[];
  /**
   * Their cards: kept ones as brand, last four and expiry ('visa:4242:12/2030'), and every card that paid or tried to,
   * as the gateway's fingerprint ('fingerprint:…'), which one-off orders have too.
   */
  cards: readonly string[];
}

export type SelfReferralReason = 'same_account' | 'same_email' | 'same_card' | 'same_address';

/** Why a referral is the referrer's own, or null when the friend is someone else. */
export function selfReferral(referrer: ReferralParty, friend: ReferralParty): SelfReferralReason | null {
  if (referrer.customerId === friend.customerId) return 'same_account';
  if (normaliseEmail(referrer.email) === normaliseEmail(friend.email)) return 'same_email';
  if (friend.cards.some((card) => referrer.cards.includes(card))) return 'same_card';
  if (friend.addresses.some((address) => referrer.addresses.some((own) => sameDeliveryAddress(address, own)))) return 'same_address';
  return null;
}

/** The referrer's credit for a friend's approved order: 20 % of its subtotal, within what the yearly cap leaves. */
export function referralCredit(friendSubtotal: Pence, earnedThisYear: Pence, yearlyCap: Pence): Pence {
  const reward = Math.round((friendSubtotal * REFERRAL_PERCENT) / 100);
  return Math.max(0, Math.min(reward, yearlyCap - earnedThisYear));
}

/**
 * How much of a referrer's credit a refund of the friend's order has taken back in all: the credit's share of what
 * was refunded (refunded ÷ paid), rounded, never more than the credit. `taken`: what earlier refunds of the order took
 * back; `balance`: what the referrer can still spend. Credit already spent is not asked back, so the referrer's
 * balance never goes below zero: the claw-back grows by at most the balance.
 */
export function referralCreditTakenBack({ credit, paid, refunded, taken, balance }: { credit: Pence; paid: Pence; refunded: Pence; taken: Pence; balance: Pence }): Pence {
  const due = paid > 0 ? Math.min(credit, Math.round((credit * Math.min(refunded, paid)) / paid)) : credit;
  return taken + Math.max(0, Math.min(due - taken, balance));
}

/** Credit spent on an order: as much of the balance as the order costs after its discounts. */
export function creditToSpend(balance: Pence, due: Pence): Pence {
  return Math.max(0, Math.min(balance, due));
}

/**
 * SPEC §3 Referral summary: friends whose approved order earned the patient credit, and what they earned (0 with
 * none yet); yearlyCap is the most credit referrals earn one patient in a year (REFERRAL_CAP_PENCE). A referral has
 * no fixed worth to show beforehand: it earns a share of the friend's order (referralCredit).
 */
export const referralSummarySchema = z.object({
  count: z.number().int(),
  amount: z.number().int().describe('Pence earned'),
  yearlyCap: z.number().int().describe('Pence: the most referrals earn in a year'),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export function referralSummary(count: number, earned: Pence, yearlyCap: Pence): ReferralSummary {
  return { count, amount: count > 0 ? earned : 0, yearlyCap };
}
