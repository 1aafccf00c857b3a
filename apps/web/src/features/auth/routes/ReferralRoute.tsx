import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { REFERRAL_QUERY_PARAM, referrerFrom } from '@elmwood/domain';
import { rememberReferrer } from '../../../lib/referral-cookie';
import { LoadStatus } from '../../../ui/LoadStatus';

/**
 * /r/{uid}?raf=friend — a friend's referral link: remembers who referred the visitor (30 days) and sends them
 * home. Anything that is not one of our links just goes home.
 */
export function Component() {
  const { uid } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const referrer = referrerFrom(uid, query.get(REFERRAL_QUERY_PARAM));
  useEffect(() => {
    if (referrer) rememberReferrer(referrer);
    void navigate('/', { replace: true });
  }, [referrer, navigate]);
  return <LoadStatus status="loading" />;
}
