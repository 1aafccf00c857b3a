import { Link } from 'react-router';
import { REFERRAL_OFFER_SHORT } from '@elmwood/domain';
import { useMe } from '../../auth';

/** The account home's referral section: only for a patient with a uid (SPEC §2). */
export function ReferralCard() {
  const me = useMe();
  if (!me.data?.uid) return null;
  return (
    <section className="account-card" aria-labelledby="referral-card-title">
      <h2 id="referral-card-title">Refer a friend</h2>
      <p>{REFERRAL_OFFER_SHORT}</p>
      <Link to="/account/refer-a-friend">Share your link</Link>
    </section>
  );
}
