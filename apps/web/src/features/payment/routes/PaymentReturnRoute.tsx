import { Spinner } from '../../../ui/Spinner';
import '../payment.css';

/**
 * /checkout/payment-return — where the bank's 3-D Secure page and PayPal send the patient back. It shows in
 * the checkout's challenge frame or PayPal window, whose opener notices it and confirms the payment.
 */
export function Component() {
  return (
    <main className="payment-return" aria-busy="true">
      <Spinner size="md" />
      <p role="status">Finishing your payment…</p>
    </main>
  );
}
