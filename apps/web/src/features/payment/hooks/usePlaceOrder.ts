import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { INVALID_PAYMENT_TOKEN, PAYMENT_ERROR, type CheckoutResult, type CompleteCheckout } from '@elmwood/domain';
import { ApiError, isApiError } from '../../../lib/api';
import { orderCompletePath } from '../../../lib/order-complete-path';
import { clearStoredCartToken } from '../../cart';
import { completeCheckout, confirmPayment } from '../api';
import { clearDeviceFingerprint } from '../fingerprint';
import { isReturnPage } from '../returnPage';

/** Modes that pay with a provider token, so a request without one is refused before it leaves. */
const TOKEN_MODES = new Set<CompleteCheckout['mode']>(['NEW_CARD', 'APPLEPAY', 'ADYEN_APPLEPAY', 'GOOGLEPAY']);

export type PlaceOrderPhase =
  | { phase: 'idle' }
  | { phase: 'working' }
  | { phase: 'challenge'; orderNumber: string; url: string }
  | { phase: 'paypal'; orderNumber: string; url: string }
  | { phase: 'placed'; orderNumber: string };

const NOT_COMPLETED = 'Your payment was not completed. Nothing has been charged; please try again.';

/**
 * Whether an error is the attempt's final answer, so a retry must be a new attempt (a new Idempotency-Key): the
 * payment was declined (402) or its token refused (422) or its card paused after too many declines (429
 * TOO_MANY_CARD_ATTEMPTS), the basket changed or the order was placed (409), or the cart is gone (404). Anything else (no answer, a 502 or 503, a payment still in progress, a rate limit, an expired
 * session) may have left the attempt going at the server or the gateway: the retry repeats its key, so it is
 * recognised and no second authorisation is made.
 */
export function endsAttempt(error: ApiError): boolean {
  if (error.status === 402 || error.status === 422 || error.status === 404) return true;
  // The card's recent declines refused this attempt (its order failed): once the wait is over, pay as a new attempt.
  if (error.status === 429 && error.code === PAYMENT_ERROR.cardPaused) return true;
  return error.status === 409 && (error.code === PAYMENT_ERROR.cartNotReady || error.code === PAYMENT_ERROR.alreadyPlaced);
}

/** A version 4 UUID; randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Placing the order: one Idempotency-Key per attempt (a double click, a lost reply or a 502/503 repeats the same
 * key, so the server makes one order and one authorisation); only a final answer (endsAttempt) ends it, so a retry
 * after one gets a new key. 3-D Secure and PayPal hand over to the bank or PayPal, then confirm. Any payment error clears
 * the device fingerprint.
 */
export function usePlaceOrder({ cartToken, slug }: { cartToken: string; slug: string }) {
  const navigate = useNavigate();
  const attemptKey = useRef<string | null>(null);
  const busy = useRef(false);
  const popup = useRef<Window | null>(null);
  const [state, setState] = useState<PlaceOrderPhase>({ phase: 'idle' });
  const [error, setError] = useState<ApiError | null>(null);

  const fail = useCallback((cause: unknown) => {
    clearDeviceFingerprint();
    const apiError = isApiError(cause) ? cause : new ApiError(0, 'UNKNOWN', 'Something went wrong with your payment. Please try again.');
    if (endsAttempt(apiError)) attemptKey.current = null;
    if (apiError.code === PAYMENT_ERROR.alreadyPlaced) {
      const orderNumber = (apiError.details as { orderNumber?: string } | undefined)?.orderNumber;
      if (orderNumber) {
        clearStoredCartToken();
        void navigate(`/n/${slug}/order/complete/${orderNumber}`);
        return;
      }
    }
    setError(apiError);
    setState({ phase: 'idle' });
  }, [navigate, slug]);

  const settle = useCallback(
    (result: CheckoutResult) => {
      if (result.status === 'placed') {
        attemptKey.current = null;
        clearStoredCartToken();
        setState({ phase: 'placed', orderNumber: result.orderNumber });
        void navigate(orderCompletePath(result.consultationSlug, result.orderNumber));
        return;
      }
      if (result.action === 'paypal') {
        const window_ = popup.current ?? window.open(result.url, 'elmwood-paypal', 'popup,width=480,height=680');
        if (window_ && popup.current) window_.location.href = result.url;
        popup.current = window_;
        setState({ phase: 'paypal', orderNumber: result.orderNumber, url: result.url });
        return;
      }
      setState({ phase: 'challenge', orderNumber: result.orderNumber, url: result.url });
    },
    [navigate],
  );

  /** Starts an attempt; `prepare` tokenises or picks what pays (`free`: nothing, the order is £0). */
  const place = useCallback(
    async (prepare: () => Promise<CompleteCheckout>, options: { popup?: Window | null; free?: boolean } = {}): Promise<CheckoutResult | null> => {
      if (busy.current) return null;
      busy.current = true;
      popup.current = options.popup ?? null;
      setError(null);
      setState({ phase: 'working' });
      try {
        const body = await prepare();
        // A £0 order takes no payment, so it sends no token.
        if (!options.free && TOKEN_MODES.has(body.mode) && !body.token) throw new ApiError(422, PAYMENT_ERROR.invalidToken, INVALID_PAYMENT_TOKEN);
        attemptKey.current ??= newAttemptKey();
        const result = await completeCheckout(cartToken, body, attemptKey.current);
        settle(result);
        return result;
      } catch (cause) {
        popup.current?.close();
        popup.current = null;
        fail(cause);
        return null;
      } finally {
        busy.current = false;
      }
    },
    [cartToken, fail, settle],
  );

  /** After the challenge or PayPal: the server asks the gateway how it went. */
  const confirm = useCallback(
    async (orderNumber: string) => {
      setState({ phase: 'working' });
      try {
        const result = await confirmPayment(orderNumber);
        if (result.status === 'placed') settle(result);
        else fail(new ApiError(402, PAYMENT_ERROR.declined, NOT_COMPLETED));
      } catch (cause) {
        fail(cause);
      }
    },
    [fail, settle],
  );

  // PayPal runs in its own window: watch for its return to our page, or for the patient closing it.
  const paypalOrder = state.phase === 'paypal' ? state.orderNumber : null;
  useEffect(() => {
    if (!paypalOrder) return;
    const timer = window.setInterval(() => {
      const window_ = popup.current;
      if (!window_ || window_.closed || isReturnPage(window_)) {
        window.clearInterval(timer);
        window_?.close();
        popup.current = null;
        void confirm(paypalOrder);
      }
    }, 400);
    return () => window.clearInterval(timer);
  }, [paypalOrder, confirm]);

  return { state, error, place, confirm, clearError: () => setError(null) };
}
