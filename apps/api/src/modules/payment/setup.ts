import { readFileSync } from 'node:fs';
import type { PaymentConfig, ThirdPartyScriptName } from '@elmwood/domain';
import { checkoutComGateway } from '../../adapters/payment-gateway/checkout-com';
import type { PaymentGateway } from '../../adapters/payment-gateway/port';
import { SANDBOX_PUBLIC_KEY, sandboxGateway, type SandboxGateway } from '../../adapters/payment-gateway/sandbox';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

/** The sandbox's webhook key: its events only ever make the shop ask the gateway again, so it guards nothing secret. */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_elmwood_health';
const SANDBOX_APPLE_PAY_MERCHANT = 'merchant.health.elmwood.sandbox';
const SANDBOX_GOOGLE_PAY_MERCHANT = 'BCR2DN4TSANDBOX0';

export interface PaymentSetup {
  gateway: PaymentGateway;
  /** The sandbox's extra surface (tokens, challenge and PayPal pages), when it is the gateway. */
  sandbox: SandboxGateway | null;
  /** What the browser needs to tokenise with the provider. */
  browser: PaymentConfig;
  applePayMerchantId: string | null;
  /** Origins the shop's pages must reach for this provider: tokenisation calls, the 3-D Secure frame. */
  contentSecurity: { connect: string[]; frame: string[] };
}

/** Checkout.com's 3-D Secure pages (its own hosted authentication, which frames the bank's challenge). */
const CHECKOUT_COM_3DS_ORIGINS = ['https://*.checkout.com', 'https://*.ckotech.co'];

/** The configured payment gateway (PAYMENT_GATEWAY) and what the browser needs to use it. */
export function paymentSetupFor(config: Config, db: Db): PaymentSetup {
  if (config.PAYMENT_GATEWAY === 'sandbox') {
    const sandbox = sandboxGateway({ db, webhookSecret: config.CHECKOUT_COM_WEBHOOK_SECRET ?? SANDBOX_WEBHOOK_SECRET });
    const applePayMerchantId = config.APPLE_PAY_MERCHANT_ID ?? SANDBOX_APPLE_PAY_MERCHANT;
    return {
      gateway: sandbox,
      sandbox,
      applePayMerchantId,
      contentSecurity: { connect: [], frame: [] },
      browser: {
        gateway: 'sandbox',
        tokensUrl: '/sandbox-gateway/tokens',
        publicKey: SANDBOX_PUBLIC_KEY,
        applePay: { merchantIdentifier: applePayMerchantId },
        googlePay: { merchantId: config.GOOGLE_PAY_MERCHANT_ID ?? SANDBOX_GOOGLE_PAY_MERCHANT, gatewayMerchantId: SANDBOX_PUBLIC_KEY, environment: 'TEST' },
        paypal: config.PAYPAL_ENABLED,
      },
    };
  }
  const publicKey = config.CHECKOUT_COM_PUBLIC_KEY!;
  const identity =
    config.APPLE_PAY_MERCHANT_CERT_FILE && config.APPLE_PAY_MERCHANT_KEY_FILE
      ? { cert: readFileSync(config.APPLE_PAY_MERCHANT_CERT_FILE, 'utf8'), key: readFileSync(config.APPLE_PAY_MERCHANT_KEY_FILE, 'utf8') }
      : undefined;
  const gateway = checkoutComGateway({
    secretKey: config.CHECKOUT_COM_SECRET_KEY!,
    publicKey,
    baseUrl: config.CHECKOUT_COM_BASE_URL,
    processingChannelId: config.CHECKOUT_COM_PROCESSING_CHANNEL_ID,
    webhookSecret: config.CHECKOUT_COM_WEBHOOK_SECRET,
    applePayIdentity: identity,
  });
  const testEnvironment = new URL(config.CHECKOUT_COM_BASE_URL).hostname.includes('sandbox');
  const applePayMerchantId = config.APPLE_PAY_MERCHANT_ID && identity ? config.APPLE_PAY_MERCHANT_ID : null;
  return {
    gateway,
    sandbox: null,
    applePayMerchantId,
    contentSecurity: { connect: [new URL(config.CHECKOUT_COM_BASE_URL).origin], frame: CHECKOUT_COM_3DS_ORIGINS },
    browser: {
      gateway: 'checkout-com',
      tokensUrl: new URL('/tokens', config.CHECKOUT_COM_BASE_URL).toString(),
      publicKey,
      applePay: applePayMerchantId ? { merchantIdentifier: applePayMerchantId } : null,
      googlePay: config.GOOGLE_PAY_MERCHANT_ID
        ? { merchantId: config.GOOGLE_PAY_MERCHANT_ID, gatewayMerchantId: publicKey, environment: testEnvironment ? 'TEST' : 'PRODUCTION' }
        : null,
      paypal: config.PAYPAL_ENABLED,
    },
  };
}

/**
 * The providers' browser scripts this configuration uses, for the CSP: Google Pay's and Apple Pay's when those
 * wallets are set up (the sandbox sets both up, as the real service would be), Google's and Apple's sign-in
 * scripts only when social sign-in is live (the sandbox's stand-in needs none).
 */
export function providerScripts(config: Pick<Config, 'SOCIAL_SIGN_IN'>, browser: PaymentConfig): ThirdPartyScriptName[] {
  return [
    ...(browser.googlePay ? (['googlePay'] as const) : []),
    ...(browser.applePay ? (['applePay'] as const) : []),
    ...(config.SOCIAL_SIGN_IN === 'live' ? (['googleSignIn', 'appleSignIn'] as const) : []),
  ];
}
