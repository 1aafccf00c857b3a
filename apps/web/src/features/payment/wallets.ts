/**
 * The parts of the wallet APIs the shop uses, typed here because no script is loaded from the internet:
 * Safari provides ApplePaySession itself, and Google Pay's client is present only where the page embeds it.
 * Without them the wallet buttons stay hidden.
 */
export interface ApplePayPaymentRequest {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  total: { label: string; amount: string };
  shippingMethods: { label: string; detail: string; amount: string; identifier: string }[];
}

export interface ApplePayPaymentToken {
  paymentData: { version: string; data: string; signature: string; header: Record<string, string> };
}

export interface ApplePaySessionInstance {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: ApplePayPaymentToken } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(result: { status: number }): void;
}

export interface ApplePaySessionConstructor {
  new (version: number, request: ApplePayPaymentRequest): ApplePaySessionInstance;
  canMakePayments(): boolean;
  canMakePaymentsWithActiveCard(merchantIdentifier: string): Promise<boolean>;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

export interface GooglePayCardMethod {
  type: 'CARD';
  parameters: { allowedAuthMethods: string[]; allowedCardNetworks: string[] };
  tokenizationSpecification?: { type: 'PAYMENT_GATEWAY'; parameters: { gateway: string; gatewayMerchantId: string } };
}

export interface GooglePayDataRequest {
  apiVersion: 2;
  apiVersionMinor: 0;
  merchantInfo: { merchantId: string; merchantName: string };
  allowedPaymentMethods: GooglePayCardMethod[];
  transactionInfo: { totalPriceStatus: 'FINAL'; totalPrice: string; currencyCode: string; countryCode: string };
}

export interface GooglePaymentsClient {
  isReadyToPay(request: {
    apiVersion: 2;
    apiVersionMinor: 0;
    allowedPaymentMethods: GooglePayCardMethod[];
    existingPaymentMethodRequired: boolean;
  }): Promise<{ result: boolean; paymentMethodPresent?: boolean }>;
  loadPaymentData(request: GooglePayDataRequest): Promise<{ paymentMethodData: { tokenizationData: { token: string } } }>;
}

export type GooglePaymentsClientConstructor = new (options: { environment: 'TEST' | 'PRODUCTION' }) => GooglePaymentsClient;

interface WalletWindow {
  ApplePaySession?: ApplePaySessionConstructor;
  google?: { payments?: { api?: { PaymentsClient?: GooglePaymentsClientConstructor } } };
}

export function applePaySession(): ApplePaySessionConstructor | null {
  const session = (window as unknown as WalletWindow).ApplePaySession;
  try {
    return session && session.canMakePayments() ? session : null;
  } catch {
    // Safari throws outside a secure context.
    return null;
  }
}

export function googlePaymentsClient(): GooglePaymentsClientConstructor | null {
  return (window as unknown as WalletWindow).google?.payments?.api?.PaymentsClient ?? null;
}

/** Checkout.com's gateway name in Google Pay's tokenisation parameters. */
export const GOOGLE_PAY_GATEWAY = 'checkoutltd';
