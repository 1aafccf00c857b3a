import { Link } from 'react-router';
import { BRAND_NAME } from '../../../lib/config';
import type { StaticPage } from './types';

export const terms: StaticPage = {
  title: 'Terms of use',
  summary: `The rules for using the ${BRAND_NAME} website and your account.`,
  body: (
    <>
      <h2>About these terms</h2>
      <p>
        These terms apply when you use our website and your account. When you buy treatment, our{' '}
        <Link to="/pages/terms-of-sale">terms of sale</Link> also apply, and our{' '}
        <Link to="/pages/privacy">privacy policy</Link> explains how we use your information.
      </p>

      <h2>Who can use the service</h2>
      <p>
        You must be 18 or over and live in the United Kingdom. You may only complete a consultation for yourself, never
        for someone else.
      </p>

      <h2>Honest answers keep you safe</h2>
      <p>
        Our clinicians decide what to prescribe from the answers, photos and documents you give us. Giving inaccurate
        information in a clinical consultation could put your health at risk. Please answer fully and tell us about any
        change in your health, medicines or circumstances.
      </p>

      <h2>Medical information on this website</h2>
      <p>
        The information on this website is general. It does not replace advice from a clinician who knows your history.
        If you feel unwell or your symptoms change, contact your GP or call NHS 111. In an emergency, call 999.
      </p>

      <h2>Your account</h2>
      <p>
        Keep your password to yourself and tell us straight away if you think someone else has used your account. We may
        suspend an account that is used to obtain medicine for someone else or by giving false information.
      </p>

      <h2>Our content</h2>
      <p>
        The words, pictures and designs on this website belong to us or our licensors. You may use them to understand
        and use our service, but not copy them for other purposes.
      </p>

      <h2>Our responsibility to you</h2>
      <p>
        We take reasonable care to keep the website available and accurate, but we cannot promise it will always be free
        of interruptions or errors. Nothing in these terms limits our liability where the law does not allow it,
        including for death or personal injury caused by our negligence.
      </p>

      <h2>Changes and law</h2>
      <p>
        We may update these terms; the version on this page applies. These terms are governed by the law of England and
        Wales, and you may also bring a claim in the courts of Scotland or Northern Ireland if you live there.
      </p>
    </>
  ),
};
