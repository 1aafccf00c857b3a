import { describe, expect, it } from 'vitest';
import { isApplePayValidationUrl } from './apple-pay';
import { PAYMENT_MODES } from './modes';
import { tokenProviderForMode } from './saved-token';
import { isPaymentTokenProvider } from './token-providers';

describe('tokenProviderForMode', () => {
  it.each([
    ['NEW_CARD', 'checkout_card'],
    ['APPLEPAY', 'checkout_applepay'],
    ['ADYEN_APPLEPAY', 'checkout_applepay'],
    ['GOOGLEPAY', 'checkout_googlepay'],
    ['ADYEN_PAYPAL', 'adyen_paypal'],
    ['EXISTING_CARD', null],
  ] as const)('%s saves %s', (mode, provider) => expect(tokenProviderForMode(mode)).toBe(provider));

  it('only ever names one of the six providers', () => {
    for (const mode of PAYMENT_MODES) {
      const provider = tokenProviderForMode(mode);
      if (provider !== null) expect(isPaymentTokenProvider(provider)).toBe(true);
    }
  });
});

describe('isApplePayValidationUrl', () => {
  it.each([
    'https://apple-pay-gateway.apple.com/paymentservices/startSession',
    'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession',
    'https://apple-pay-gateway-nc-pod5.apple.com/paymentservices/paymentSession',
    'https://cn-apple-pay-gateway-sh-pod2.apple.com/paymentservices/startSession',
  ])('accepts %s', (url) => expect(isApplePayValidationUrl(url)).toBe(true));

  it.each([
    'http://apple-pay-gateway.apple.com/paymentservices/startSession',
    'https://apple-pay-gateway.apple.com.evil.example/x',
    'https://evil.example/apple-pay-gateway.apple.com',
    'https://apple-pay-gateway-nc-pod6.apple.com/x',
    'https://user@apple-pay-gateway.apple.com/x',
    'https://apple-pay-gateway.apple.com:8443/x',
    'https://169.254.169.254/latest',
    'not a url',
  ])('refuses %s', (url) => expect(isApplePayValidationUrl(url)).toBe(false));
});
