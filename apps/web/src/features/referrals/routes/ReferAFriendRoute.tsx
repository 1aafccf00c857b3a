import { referralLink, referralOffer, referralTitle, SHARE_CHANNELS, SHARE_LABELS, shareUrl, type ShareChannel } from '@elmwood/domain';
import { useMe } from '../../auth';
import { sendAnalyticsEvent } from '../../../lib/analytics';
import { BRAND_NAME, FACEBOOK_APP_ID } from '../../../lib/config';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { LoadStatus } from '../../../ui/LoadStatus';
import { useReferralSummary } from '../api';
import { CopyLink } from '../components/CopyLink';
import '../../../ui/page-styles/account.css';
import '../referrals.css';

function openShare(channel: ShareChannel, url: string) {
  sendAnalyticsEvent('social_link_interaction', { channel, placement: 'refer_a_friend' });
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** /account/refer-a-friend — the patient's link to share, what it has earned them, and the share buttons. */
export function Component() {
  useDocumentTitle('Refer a friend');
  const me = useMe();
  const summary = useReferralSummary();
  if (!me.data || !summary.data) {
    const failed = me.isError || summary.isError;
    return <LoadStatus status={failed ? 'error' : 'loading'} onRetry={() => void summary.refetch()} className="account-page container" />;
  }
  const offer = referralOffer(summary.data);
  const link = referralLink(window.location.origin, me.data.uid);
  return (
    <div className="account-page container account-page--form">
      <BackLink to="/account/home">Back to your account</BackLink>
      <h1>{referralTitle(summary.data.count)}</h1>
      <section className="account-card" aria-labelledby="referral-offer-title">
        <h2 id="referral-offer-title">{offer.heading}</h2>
        <p>{offer.text}</p>
        <CopyLink link={link} />
        <ul className="referral-share" aria-label="Share your link">
          {SHARE_CHANNELS.map((channel) => {
            const url = shareUrl(channel, link, BRAND_NAME, FACEBOOK_APP_ID);
            return url ? (
              <li key={channel}>
                <button type="button" className="btn btn--secondary btn--md referral-share__button" onClick={() => openShare(channel, url)}>
                  <span className="btn__label">{SHARE_LABELS[channel]}</span>
                  <span className="visually-hidden"> (opens in a new window)</span>
                </button>
              </li>
            ) : null;
          })}
        </ul>
      </section>
    </div>
  );
}
