import { Suspense, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { CHECKOUT_STEP_LABELS, CHECKOUT_STEPS, MALE_ONLY_PRODUCTS, needsAccountUpdate, type CheckoutStep } from '@elmwood/domain';
import { loginPathFor, useLogout, useMe } from '../../auth';
import { isApiError } from '../../../lib/api';
import { storedCartToken, useCart } from '../../cart';
import { PaymentStep } from '../../payment';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadStatus } from '../../../ui/LoadStatus';
import { Toast } from '../../../ui/Toast';
import type { SavedAddress } from '../api';
import { AccountStep } from '../components/AccountStep';
import { healthPlanSummary, HealthPlanStep } from '../components/HealthPlanStep';
import { ShippingStep } from '../components/ShippingStep';
import '../checkout.css';
import '../../auth/auth.css';

/**
 * /n/:slug/order — the four-step checkout: Health Plan, Account, Shipping, Payment. A finished step folds
 * into a one-line summary with an Edit link; the payment area shows only at Payment.
 */
export function Component() {
  useDocumentTitle('Checkout');
  const location = useLocation();
  const { slug = 'weight-loss' } = useParams();
  const [token] = useState(storedCartToken);
  const cart = useCart(token);
  const me = useMe();
  const logout = useLogout();
  const [editing, setEditing] = useState<CheckoutStep | null>(null);
  const [address, setAddress] = useState<SavedAddress | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

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
  if (!cart.data || me.isPending) return <LoadStatus status="loading" />;

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

  const summaries: Record<CheckoutStep, string> = {
    'HEALTH-PLAN': healthPlanSummary(cart.data),
    ACCOUNT: user ? `Signed in as ${user.email}` : '',
    SHIPPING: shipping ? [shipping.company, shipping.city, shipping.postcode].join(', ') : '',
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
      <AccountStep
        user={user}
        cartToken={token}
        maleOnlyTreatment={maleOnly}
        unlicensedProduct={unlicensedProduct}
        onDone={() => {
          // Signing in merged the patient's earlier basket into this one: show what it holds now.
          void cart.refetch();
          finish();
        }}
      />
    ),
    SHIPPING: user ? (
      <ShippingStep
        user={user}
        cartToken={token}
        onNotice={setNotice}
        onDone={(saved) => {
          setAddress(saved);
          finish();
        }}
      />
    ) : null,
    PAYMENT: user ? (
      <Suspense fallback={<LoadStatus status="loading" />}>
        <PaymentStep cart={cart.data} cartToken={token} user={user} slug={slug} />
      </Suspense>
    ) : null,
  };

  return (
    <div className="checkout container">
      <h1 className="checkout__title">Checkout</h1>
      <ol className="checkout-steps" aria-label="Checkout steps">
        {CHECKOUT_STEPS.map((step) => (
          <li key={step} className="checkout-steps__step" aria-current={step === current ? 'step' : undefined}>
            {CHECKOUT_STEP_LABELS[step]}
          </li>
        ))}
      </ol>
      {CHECKOUT_STEPS.map((step) => {
        const open = step === current;
        const done = position(step) < position(reached) && step !== current;
        return (
          <section key={step} className={open ? 'checkout-card' : 'checkout-card checkout-card--folded'} aria-labelledby={`step-${step}`}>
            <div className="checkout-card__head">
              <h2 id={`step-${step}`}>{CHECKOUT_STEP_LABELS[step]}</h2>
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
