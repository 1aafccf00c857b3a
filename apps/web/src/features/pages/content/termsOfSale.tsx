import { Link } from 'react-router';
import { BRAND_NAME } from '../../../lib/config';
import type { StaticPage } from './types';

export const termsOfSale: StaticPage = {
  title: 'Terms of sale',
  summary: 'How ordering, payment, subscriptions, delivery and cancellation work.',
  body: (
    <>
      <h2>Prescriptions need a clinician's approval</h2>
      <p>
        Every order for a prescription-only medicine is subject to approval by a UK clinician, who reviews your
        consultation answers and may ask you for more information, a photo or proof of identity. The clinician may
        decide a treatment is not suitable for you, or suggest a different one or a different dose. Placing an order is
        a request for treatment, not a guarantee that it will be prescribed.
      </p>

      <h2>When we take payment</h2>
      <p>
        We check that your card is valid when you order, but we take payment only after a clinician has approved your
        order, usually within 24 hours. If your order is not approved, you are not charged. Prices are in pounds
        sterling and include VAT where it applies.
      </p>

      <h2>Subscriptions</h2>
      <ul>
        <li>
          You can buy a treatment once (one-off), or on a subscription delivered every month (30 days) or every three
          months (90 days).
        </li>
        <li>
          A subscription renews automatically and is charged at each renewal at the price shown when you ordered, unless
          we tell you about a change in advance. Quarterly plans are charged for three months at a time.
        </li>
        <li>
          You can cancel a subscription at any time from your account or by contacting us. Cancel before your next
          renewal date to avoid the next charge; there is no cancellation fee.
        </li>
        <li>A clinician may review your treatment before a renewal and may pause it if it is no longer suitable.</li>
      </ul>

      <h2>Delivery</h2>
      <p>
        We deliver free of charge to addresses in the United Kingdom, in plain packaging. Orders usually arrive within
        two working days of approval. Someone may need to sign for some medicines.
      </p>

      <h2>Returns and refunds</h2>
      <p>
        For your safety, medicines cannot be resold once they have left the pharmacy, so we cannot accept returns of
        medicines unless they are faulty or we sent the wrong item. If that happens, contact us and we will put it right.
        Our <Link to="/pages/guarantee">180-day money-back guarantee</Link> and{' '}
        <Link to="/pages/ed-money-back-guarantee">ED money-back guarantee</Link> offer refunds in the cases they
        describe. None of this affects your legal rights as a consumer.
      </p>

      <h2>Discounts</h2>
      <p>
        Discount codes and referral rewards apply only as described when they are offered, cannot be exchanged for cash
        and may have an end date. Where a discount applies only to your first order, later renewals are charged at the
        full price shown when you ordered.
      </p>

      <h2>Contact and complaints</h2>
      <p>
        If something has gone wrong, contact the {BRAND_NAME} patient support team from your account. We aim to reply
        within one working day.
      </p>
    </>
  ),
};
