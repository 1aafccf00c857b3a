import { Link } from 'react-router';
import { BRAND_NAME } from '../../../lib/config';
import type { StaticPage } from './types';

export const guarantee: StaticPage = {
  title: '180-day money-back guarantee',
  summary: 'If you follow your programme for 180 days and are not satisfied, we will refund you.',
  body: (
    <>
      <h2>The promise</h2>
      <p>
        We want you to feel the treatment was worth it. If you follow your {BRAND_NAME} weight-loss programme for 180
        days and you are not satisfied with your results, we will refund the money you paid for your treatment in that
        time.
      </p>

      <h2>Who can claim</h2>
      <p>You can claim when all of the following are true:</p>
      <ul>
        <li>A clinician approved your treatment and you started it with us.</li>
        <li>
          You kept your subscription active and took your treatment as prescribed for 180 days in a row, without gaps
          between orders.
        </li>
        <li>You logged your weight in your account at least once a month during those 180 days.</li>
        <li>You completed the check-ins our clinicians and pharmacists asked you to complete.</li>
        <li>You contact us within 30 days after the 180 days end.</li>
      </ul>

      <h2>What we refund</h2>
      <p>
        We refund what you paid for your treatment during the 180 days, to the card or account you paid with, within 14
        days of approving your claim. Delivery is always free, so there is no delivery charge to refund. One claim per
        person.
      </p>

      <h2>When a clinician stops your treatment</h2>
      <p>
        If a clinician pauses or stops your treatment for medical reasons before the 180 days are up, contact us. We will
        look at your claim fairly and explain our decision.
      </p>

      <h2>How to claim</h2>
      <p>
        Contact our patient support team from your account and tell us you would like to claim the guarantee. We may ask
        you to confirm the details above; we already hold your order history and weight log.
      </p>

      <h2>Other guarantees and your rights</h2>
      <p>
        Erectile dysfunction treatment has its own terms: see the{' '}
        <Link to="/pages/ed-money-back-guarantee">ED money-back guarantee</Link>. This guarantee is in addition to your
        legal rights as a consumer and does not affect them. Our <Link to="/pages/terms-of-sale">terms of sale</Link>{' '}
        also apply.
      </p>
    </>
  ),
};

export const edGuarantee: StaticPage = {
  title: 'ED money-back guarantee',
  summary: 'For sildenafil and tadalafil orders only: if you are not satisfied after 180 days, we will refund you.',
  body: (
    <>
      <h2>What it covers</h2>
      <p>
        This guarantee covers <strong>sildenafil and tadalafil orders only</strong>. It does not cover other erectile
        dysfunction products, hair-loss or weight-loss treatment, or supplements. Weight-loss treatment has its own{' '}
        <Link to="/pages/guarantee">180-day money-back guarantee</Link>.
      </p>

      <h2>The promise</h2>
      <p>
        If you take sildenafil or tadalafil from {BRAND_NAME} as prescribed for 180 days and you are not satisfied, we
        will refund what you paid for those sildenafil or tadalafil orders.
      </p>

      <h2>Who can claim</h2>
      <ul>
        <li>A clinician approved your sildenafil or tadalafil treatment and you ordered it from us.</li>
        <li>You followed the dosing instructions on your prescription and the patient information leaflet.</li>
        <li>
          You told us if it was not working, so a clinician could consider a different dose or treatment with you during
          the 180 days.
        </li>
        <li>You contact us within 30 days after the 180 days end.</li>
      </ul>

      <h2>What we refund</h2>
      <p>
        We refund the amounts you paid for sildenafil and tadalafil orders in the 180 days, to the card or account you
        paid with, within 14 days of approving your claim. One claim per person.
      </p>

      <h2>How to claim</h2>
      <p>Contact our patient support team from your account. This guarantee does not affect your legal rights.</p>
    </>
  ),
};
