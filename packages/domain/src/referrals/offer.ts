import { formatPrice } from '../money/money';
import { REFERRAL_PERCENT, type ReferralSummary } from './rewards';

/**
 * What a referral gives and earns, said once for every page that offers it. The referrer's credit is a share of the
 * friend's approved first order (referralCredit: its subtotal, before the friend's discount), so no fixed sum is
 * promised before a friend orders.
 */
export const REFERRAL_OFFER_SHORT = `Give a friend ${REFERRAL_PERCENT}% off their first order, and get ${REFERRAL_PERCENT}% of it back as credit once our clinician approves it.`;

export interface ReferralOffer {
  heading: string;
  text: string;
}

export function referralOffer({ count, amount, yearlyCap }: ReferralSummary): ReferralOffer {
  return {
    heading: count > 0 ? `You have earned ${formatPrice(amount)}` : `Give ${REFERRAL_PERCENT}% off, get ${REFERRAL_PERCENT}% back`,
    text:
      `Your friend gets ${REFERRAL_PERCENT}% off their first order. Once our clinician approves it, you get ${REFERRAL_PERCENT}% of that order's price ` +
      `(before their discount) as credit, up to ${formatPrice(yearlyCap)} a year, taken off your next order by itself.`,
  };
}
