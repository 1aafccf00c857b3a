import { Suspense, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { CHECKOUT_STEP_LABELS, CHECKOUT_STEPS, consultationBirthday, formatAddressLines, MALE_ONLY_PRODUCTS, needsAccountUpdate, needsNoPrescriber, type CheckoutStep } from '@elmwood/domain';
import { loginPathFor, useLogout, useMe } from '../../auth';
import { isApiError } from '../../../lib/api';
import { useHydrating } from '../../../lib/hydration';
import { useCart, useCartToken } from '../../cart';
import { PaymentStep } from '../../payment';
import { useQuestionnaire, useQuizState } from '../../quiz';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Toast } from '../../../ui/Toast';
import type { SavedAddress } from '../api';
import { healthPlanSummary, HealthPlanStep } from '../components/HealthPlanStep';
import { AccountStep, loadStepsForHydration, ShippingStep } from '../components/LazySteps';
import { OrderSummary } from '../components/OrderSummary';
import { PriceTerms } from '../components/PriceTerms';
import '../checkout.css';
import '../../../ui/page-styles/auth.css';

/**
 * /n/:slug/order — the four-step checkout: Health Plan, Account, Shipping, Payment. A finished step folds
 * into a one-line summary with an Edit link; the payment area shows only at Payment.
 */
export const loadForHydration = loadStepsForHydration;

export function Component() {
  const { slug = 'weight-loss' } = useParams();
  return <Checkout slug={slug} basket={false} />;
}

/**
 * The checkout of either route. At /basket (products bought without a consultation) the basket's lines lead, and
 * there is no Health Plan step unless the basket also holds a treatment chosen in a consultation.
 */
export function Checkout({ slug, basket }: { slug: string; basket: boolean }) {
  useDocumentTitle(basket ? 'Basket' : 'Checkout');
  const location = useLocation();
  const token = useCartToken();
  const cart = useCart(token);
  const me = useMe();
  const logout = useLogout();
  const [editing, setEditing] = useState<CheckoutStep | null>(null);
  const [address, setAddress] = useState<SavedAddress | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The consultation already asked for a date of birth: checkout does not ask again.
  const questionnaire = useQuestionnaire(slug);
  const consultation = useQuizState(slug);
  const knownBirthday = questionnaire.data && consultation.data ? consultationBirthday(questionnaire.data, consultation.data.answers) : null;
  // The address draft and the payment methods on offer are this browser's (its storage, its wallets): the server
  // does not know them, so those steps' bodies wait for the running app rather than render differently from it.
  const hydrating = useHydrating();
  if (token && isApiError(cart.error) && cart.error.isNotFound && !me.data) {
    return (
      <div className="container page">
        <EmptyState headingLevel={1} title="Log in to continue your order" message="Your basket is kept in your account.">
          <ButtonLink to={loginPathFor(location.pathname)}>Log in</ButtonLink>
        </EmptyState>
      </div>
    );
  }
  if (!token || cart.isError) {
    return (
      <div className="container page">
        <EmptyState headingLevel={1} title="Your basket is empty" message="Start with a consultation, and our clinicians will recommend a treatment.">
          <ButtonLink to="/">See treatments</ButtonLink>
        </EmptyState>
      </div>
    );
  }
  // The consultation is awaited too, so the sign-up form knows from the start whether to ask for a date of birth.
  if (!cart.data || me.isPending || questionnaire.isLoading || consultation.isLoading) return <LoadStatus status="loading" />;

  const user = me.data ?? null;
  const unlicensedProduct = cart.data.items.some((item) => item.product.isUnlicensed);
  const accountDone = user !== null && !needsAccountUpdate(user, { unlicensedProduct });
  // The address the patient confirmed in this visit; after a reload, the one the order (cart) already holds.
  const shipping = address ?? cart.data.shippingAddress;
  const reached: CheckoutStep = !accountDone ? 'ACCOUNT' : !shipping ? 'SHIPPING' : 'PAYMENT';
  const current = editing ?? reached;
  const position = (step: CheckoutStep) => CHECKOUT_STEPS.indexOf(step);
  const maleOnly = cart.data.items.some((item) => MALE_ONLY_PRODUCTS.includes(item.product.code));
  const finish = () => setEditing(null);
  // Finished: every step before the one the patient has reached (the Health Plan is chosen before checkout opens).
  const isDone = (step: CheckoutStep) => position(step) < position(reached);
  const directOnly = basket && needsNoPrescriber(cart.data.items.map((item) => item.product));
  const steps = directOnly ? CHECKOUT_STEPS.filter((step) => step !== 'HEALTH-PLAN') : CHECKOUT_STEPS;

  const summaries: Record<CheckoutStep, string> = {
    'HEALTH-PLAN': healthPlanSummary(cart.data),
    ACCOUNT: user ? `Signed in as ${user.email}` : '',
    SHIPPING: shipping ? formatAddressLines(shipping).join(', ') : '',
    PAYMENT: '',
  };
  const bodies: Record<CheckoutStep, ReactNode> = {
    'HEALTH-PLAN': (
      <>
        <HealthPlanStep cart={cart.data} token={token} />
        {editing === 'HEALTH-PLAN' ? <Button onClick={finish}>Continue</Button> : null}
      </>
    ),
    ACCOUNT: (
      <StepCode>
        <AccountStep
          user={user}
          cartToken={token}
          maleOnlyTreatment={maleOnly}
          unlicensedProduct={unlicensedProduct}
          knownBirthday={knownBirthday}
          onDone={() => {
            // Signing in merged the patient's earlier basket into this one: show what it holds now.
            void cart.refetch();
            finish();
          }}
        />
      </StepCode>
    ),
    SHIPPING: user ? (
      <StepCode waitForApp={hydrating}>
        <ShippingStep
          user={user}
          cartToken={token}
          onNotice={setNotice}
          onDone={(saved) => {
            setAddress(saved);
            finish();
          }}
        />
      </StepCode>
    ) : null,
    PAYMENT: user ? (
      <>
        {directOnly ? null : <OrderSummary cart={cart.data} token={token} />}
        <StepCode waitForApp={hydrating}>
          <PaymentStep cart={cart.data} cartToken={token} user={user} slug={slug} terms={<PriceTerms cart={cart.data} />} />
        </StepCode>
      </>
    ) : null,
  };

  return (
    <div className="checkout container">
      <h1 className="checkout__title">{basket ? 'Your basket' : 'Checkout'}</h1>
      {directOnly ? <OrderSummary cart={cart.data} token={token} headingLevel={2} /> : null}
      <ol className="checkout-steps" aria-label="Checkout steps">
        {steps.map((step) => (
          <li key={step} className={isDone(step) ? 'checkout-steps__step checkout-steps__step--done' : 'checkout-steps__step'} aria-current={step === current ? 'step' : undefined}>
            {isDone(step) ? <StepTick /> : null}
            {CHECKOUT_STEP_LABELS[step]}
          </li>
        ))}
      </ol>
      {steps.map((step) => {
        const open = step === current;
        const done = isDone(step) && step !== current;
        return (
          <section key={step} className={open ? 'checkout-card' : 'checkout-card checkout-card--folded'} aria-labelledby={`step-${step}`}>
            <div className="checkout-card__head">
              <h2 id={`step-${step}`}>
                {isDone(step) ? <StepTick /> : null}
                {CHECKOUT_STEP_LABELS[step]}
              </h2>
              {step === 'ACCOUNT' && user ? (
                <Button variant="link" loading={logout.isPending} onClick={() => logout.mutate(undefined, { onSuccess: () => setAddress(null) })}>
                  Log out
                </Button>
              ) : null}
              {done && summaries[step] ? (
                <Button variant="link" onClick={() => setEditing(step)}>
                  Edit<span className="visually-hidden"> {CHECKOUT_STEP_LABELS[step]}</span>
                </Button>
              ) : null}
            </div>
            {open ? bodies[step] : done ? <p className="checkout-card__summary">{summaries[step]}</p> : null}
          </section>
        );
      })}
      <Toast message={notice} onDismiss={() => setNotice(null)} />
    </div>
  );
}

/** A step's form, whose code arrives on its own; `waitForApp` while it depends on what only the browser knows. */
function StepCode({ waitForApp = false, children }: { waitForApp?: boolean; children: ReactNode }) {
  const loading = <LoadStatus status="loading" />;
  return waitForApp ? loading : <Suspense fallback={loading}>{children}</Suspense>;
}

/** A finished step's tick, with its meaning for screen readers. */
function StepTick() {
  return (
    <span className="step-tick">
      <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M4.5 8.2l2.3 2.3 4.7-4.9" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="visually-hidden">Completed: </span>
    </span>
  );
}
