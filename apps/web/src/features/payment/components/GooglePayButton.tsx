import { useEffect, useMemo, useState } from 'react';
import { GOOGLE_PAY, googlePayTotal, INVALID_PAYMENT_TOKEN, THIRD_PARTY_SCRIPTS, type CompleteCheckout } from '@elmwood/domain';
import { ApiError } from '../../../lib/api';
import { BRAND_NAME } from '../../../lib/config';
import { useScript } from '../../../lib/useScript';
import { tokenise } from '../tokens';
import { GOOGLE_PAY_GATEWAY, googlePaymentsClient, type GooglePayCardMethod, type GooglePaymentsClient } from '../wallets';
import type { WalletProps } from './walletProps';

const cardMethod = (gatewayMerchantId?: string): GooglePayCardMethod => ({
  type: 'CARD',
  parameters: { allowedAuthMethods: [...GOOGLE_PAY.allowedAuthMethods], allowedCardNetworks: [...GOOGLE_PAY.allowedCardNetworks] },
  ...(gatewayMerchantId
    ? { tokenizationSpecification: { type: 'PAYMENT_GATEWAY' as const, parameters: { gateway: GOOGLE_PAY_GATEWAY, gatewayMerchantId } } }
    : {}),
});

/** Google Pay's token is a JSON string; the provider wants its three parts. */
function googlePayTokenData(token: string): { protocolVersion: string; signature: string; signedMessage: string } {
  try {
    const parsed = JSON.parse(token) as Record<string, unknown>;
    if (typeof parsed.protocolVersion === 'string' && typeof parsed.signature === 'string' && typeof parsed.signedMessage === 'string') {
      return { protocolVersion: parsed.protocolVersion, signature: parsed.signature, signedMessage: parsed.signedMessage };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new ApiError(422, 'INVALID_PAYMENT_TOKEN', INVALID_PAYMENT_TOKEN);
}

/**
 * Google Pay: Google's pay.js is loaded here, on the payment step only, when the gateway offers Google Pay; the
 * button shows once Google's client says it is ready to pay and the patient has a payment method in it. A
 * cancelled sheet is only logged.
 */
export function GooglePayButton({ config, total, pay }: WalletProps) {
  const googlePay = config.googlePay;
  // Loading pay.js re-renders the button when it is done; Google's client is then on the page.
  useScript(googlePay ? THIRD_PARTY_SCRIPTS.googlePay.src : null);
  const present = googlePaymentsClient() !== null;
  const client = useMemo<GooglePaymentsClient | null>(() => {
    const PaymentsClient = present ? googlePaymentsClient() : null;
    return PaymentsClient && googlePay ? new PaymentsClient({ environment: googlePay.environment }) : null;
  }, [googlePay, present]);
  const [ready, setReady] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!client) return;
    let live = true;
    client
      .isReadyToPay({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: [cardMethod()], existingPaymentMethodRequired: true })
      .then((answer) => live && setReady(answer.result && answer.paymentMethodPresent === true))
      .catch((error: unknown) => console.warn('Google Pay is not available', error));
    return () => {
      live = false;
    };
  }, [client]);

  if (!client || !googlePay || !ready) return null;

  const start = async () => {
    setPending(true);
    try {
      const data = await client.loadPaymentData({
        apiVersion: 2,
        apiVersionMinor: 0,
        merchantInfo: { merchantId: googlePay.merchantId, merchantName: BRAND_NAME },
        allowedPaymentMethods: [cardMethod(googlePay.gatewayMerchantId)],
        transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: googlePayTotal(total), currencyCode: GOOGLE_PAY.currencyCode, countryCode: GOOGLE_PAY.countryCode },
      });
      const prepare = async (): Promise<CompleteCheckout> => ({
        mode: 'GOOGLEPAY',
        token: await tokenise(config, { type: 'googlepay', token_data: googlePayTokenData(data.paymentMethodData.tokenizationData.token) }),
      });
      await pay(prepare);
    } catch (error) {
      // Closing the sheet is the patient's choice, not an error to show.
      console.info('Google Pay closed', error);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="wallet">
      <button type="button" className="wallet-button wallet-button--google" onClick={() => void start()} disabled={pending}>
        Pay with Google Pay
      </button>
    </div>
  );
}
