import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api';
import { paymentErrorMessage } from '../../../lib/payment-error';
import { orderCompletePath } from '../../../lib/order-complete-path';
import { Spinner } from '../../../ui/Spinner';
import { confirmPayment } from '../api';
import '../payment.css';

/** In the checkout's challenge frame or PayPal window, the checkout page that opened it confirms the payment. */
function openedByCheckout(): boolean {
  return window.parent !== window || Boolean(window.opener);
}

/**
 * /checkout/payment-return — where the bank's 3-D Secure page and PayPal send the patient back. Normally it
 * shows inside the checkout's frame or window, which notices it and confirms. Reached on its own (the
 * checkout tab was closed), it confirms the order itself and moves on.
 */
export function Component() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const orderNumber = search.get('order');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!orderNumber || openedByCheckout()) return;
    let live = true;
    confirmPayment(orderNumber).then(
      (result) => {
        if (!live) return;
        if (result.status === 'placed') void navigate(orderCompletePath(result.consultationSlug, result.orderNumber), { replace: true });
        else setProblem('Your payment is still waiting for confirmation.');
      },
      (error: unknown) => live && setProblem(isApiError(error) ? paymentErrorMessage(error) : 'We could not confirm your payment.'),
    );
    return () => {
      live = false;
    };
  }, [orderNumber, navigate]);

  return (
    <main className="payment-return">
      {problem ? (
        <>
          <p role="alert">{problem}</p>
          <Link to="/account/home">Go to your account</Link>
        </>
      ) : (
        <>
          <Spinner size="md" />
          <p role="status">Finishing your payment…</p>
        </>
      )}
    </main>
  );
}
