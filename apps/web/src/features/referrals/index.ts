// What other features may use from referrals.
export { ReferralCard } from './components/ReferralCard';
