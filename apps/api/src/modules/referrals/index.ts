// What other modules may use from referrals.
export { referralRoutes } from './routes';
export { createReferrals, NO_REFERRAL, recordReferralSpend, referralBalance, type BuyerReferral, type Referrals } from './service';
