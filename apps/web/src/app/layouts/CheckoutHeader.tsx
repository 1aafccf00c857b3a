import { Link, useLocation } from 'react-router';
import { checkoutProgressStep, showsStepCounter, stepCounterText } from '@elmwood/domain';
import { BRAND_NAME } from '../../lib/config';
import { Logo } from '../../ui/Logo';

const JOURNEY = ['Consultation', 'Your plan', 'Checkout'] as const;

/** Consultation, recommendations and checkout pages: /n/{slug}/… (SPEC §2 checkout layout). */
export function isCheckoutJourney(pathname: string): boolean {
  return /^\/n\/[^/]+\//.test(pathname);
}

/** The checkout itself (/n/{slug}/order), whose own steps (Health Plan, Account, Shipping, Payment) show the progress. */
function isCheckoutPage(pathname: string): boolean {
  return /^\/n\/[^/]+\/order\/?$/.test(pathname);
}

/**
 * The checkout layout's slim header: the logo (home) on the left, the step counter on the right when the
 * path asks for one, and where the patient is in the journey, all read from the path (SPEC §2).
 */
export function CheckoutHeader({ totalSteps = 0 }: { totalSteps?: number }) {
  const { pathname, search } = useLocation();
  const counter = showsStepCounter(pathname) ? stepCounterText(search, totalSteps) : null;
  const current = checkoutProgressStep(pathname);
  // One progress bar at a time: on the checkout the page's own steps are it.
  const showJourney = !isCheckoutPage(pathname);
  return (
    <header className="checkout-header">
      <div className="container checkout-header__inner">
        <Link to="/" className="site-header__home">
          <Logo name={BRAND_NAME} /> <span className="visually-hidden">home</span>
        </Link>
        {counter ? <p className="checkout-header__counter">{counter}</p> : null}
      </div>
      {showJourney ? (
        <ol className="container checkout-journey" aria-label="Your progress">
          {JOURNEY.map((label, index) => (
            <li
              key={label}
              className="checkout-journey__step"
              data-state={index < current ? 'completed' : index === current ? 'active' : 'upcoming'}
              aria-current={index === current ? 'step' : undefined}
            >
              {label}
            </li>
          ))}
        </ol>
      ) : null}
    </header>
  );
}
