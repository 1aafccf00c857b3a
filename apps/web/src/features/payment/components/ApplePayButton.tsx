import { useEffect, useMemo, useState } from 'react';
import { APPLE_PAY, googlePayTotal, INVALID_PAYMENT_TOKEN, PAYMENT_CANCELLED, THIRD_PARTY_SCRIPTS, type CompleteCheckout, type PaymentConfig } from '@elmwood/domain';
import { BRAND_NAME } from '../../../lib/config';
import { useScript, type ScriptStatus } from '../../../lib/useScript';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { validateApplePaySession } from '../api';
import { tokenise } from '../tokens';
import { applePaySession, type ApplePayPaymentRequest } from '../wallets';
import type { WalletProps } from './walletProps';

export function applePayRequest(totalPence: number): ApplePayPaymentRequest {
  return {
    countryCode: APPLE_PAY.countryCode,
    currencyCode: APPLE_PAY.currencyCode,
    supportedNetworks: [...APPLE_PAY.supportedNetworks],
    merchantCapabilities: [...APPLE_PAY.merchantCapabilities],
    total: { label: BRAND_NAME, amount: googlePayTotal(totalPence) },
    shippingMethods: [{ label: APPLE_PAY.shippingLabel, detail: 'Free delivery', amount: '0.00', identifier: 'free' }],
  };
}

/**
 * Apple Pay through the card provider: Safari's payment sheet, the merchant validated by the shop, the
 * sheet's encrypted token tokenised by the provider and then used to place the order. Shown only where
 * Safari offers ApplePaySession. The parent keys it by subtotal, so a changed basket builds it afresh.
 */
export function ApplePayButton({ config, total, pay }: WalletProps) {
  const Session = applePaySession();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!Session || !config.applePay) return null;
  const merchantIdentifier = config.applePay.merchantIdentifier;

  const start = () => {
    setPending(true);
    setMessage(null);
    const session = new Session(APPLE_PAY.version, applePayRequest(total));
    session.onvalidatemerchant = (event) => {
      validateApplePaySession(merchantIdentifier, event.validationURL).then(
        (merchantSession) => session.completeMerchantValidation(merchantSession),
        () => {
          session.abort();
          setPending(false);
          setMessage(INVALID_PAYMENT_TOKEN);
        },
      );
    };
    session.onpaymentauthorized = (event) => {
      const prepare = async (): Promise<CompleteCheckout> => ({
        mode: 'APPLEPAY',
        token: await tokenise(config, { type: 'applepay', token_data: event.payment.token.paymentData }),
      });
      void pay(prepare).then((placed) => {
        session.completePayment({ status: placed ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE });
        setPending(false);
      });
    };
    session.oncancel = () => {
      setPending(false);
      setMessage(PAYMENT_CANCELLED);
    };
    session.begin();
  };

  return (
    <div className="wallet">
      <button type="button" className="wallet-button wallet-button--apple" lang="en" onClick={start} disabled={pending}>
        Pay with Apple Pay
      </button>
      <ErrorMessage className="wallet__message">{message}</ErrorMessage>
    </div>
  );
}

/**
 * Loads Apple's Apple Pay JS SDK (SPEC §7) on the payment step only, when the gateway offers Apple Pay: it brings
 * ApplePaySession where Safari does not. Its status re-renders the step, so the button shows once it is there.
 */
export function useApplePaySdk(config: PaymentConfig | undefined): ScriptStatus {
  return useScript(config?.applePay ? THIRD_PARTY_SCRIPTS.applePay.src : null);
}

/** Whether this device has Apple Pay with an active card for our merchant (SPEC §4: then it is the default); null while asking. */
export function useApplePayWithActiveCard(merchantIdentifier: string | null): boolean | null {
  const [answer, setAnswer] = useState<{ merchant: string; active: boolean } | null>(null);
  // Decided once per merchant: a session the SDK brings later shows the button, never puts the step back to loading.
  const canAsk = useMemo(() => applePaySession() !== null && merchantIdentifier !== null, [merchantIdentifier]);
  useEffect(() => {
    const Session = applePaySession();
    if (!Session || !merchantIdentifier) return;
    let live = true;
    Session.canMakePaymentsWithActiveCard(merchantIdentifier).then(
      (active) => live && setAnswer({ merchant: merchantIdentifier, active }),
      () => live && setAnswer({ merchant: merchantIdentifier, active: false }),
    );
    return () => {
      live = false;
    };
  }, [merchantIdentifier]);
  if (!canAsk) return false;
  return answer?.merchant === merchantIdentifier ? answer.active : null;
}
