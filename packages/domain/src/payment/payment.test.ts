import { describe, expect, it } from 'vitest';
import { PAYMENT_MODES, type PaymentMode } from './modes';
import { defaultPaymentMode, googlePayTotal, isGooglePayTotal, isPaymentNeeded, isWalletMode, orderButtonDisabled, payPalAvailable } from './rules';
import { isPaymentTokenProvider, PAYMENT_TOKEN_PROVIDERS, paymentTokenSummary } from './token-providers';

describe('defaultPaymentMode', () => {
  const visa = { brand: 'Visa' };
  it('prefers Apple Pay on a device with an active card, even over a saved card', () => {
    expect(defaultPaymentMode({ applePayWithActiveCard: true, hasEmail: true, savedCard: visa })).toBe('APPLEPAY');
  });
  it('uses the saved card when the patient has an email and one', () => {
    expect(defaultPaymentMode({ applePayWithActiveCard: false, hasEmail: true, savedCard: visa })).toBe('EXISTING_CARD');
  });
  it('needs both an email and a saved card for that', () => {
    expect(defaultPaymentMode({ applePayWithActiveCard: false, hasEmail: false, savedCard: visa })).toBe('NEW_CARD');
    expect(defaultPaymentMode({ applePayWithActiveCard: false, hasEmail: true, savedCard: null })).toBe('NEW_CARD');
  });
  it('switches to PayPal when the saved card is a PayPal account', () => {
    expect(defaultPaymentMode({ applePayWithActiveCard: false, hasEmail: true, savedCard: { brand: 'PayPal' } })).toBe('ADYEN_PAYPAL');
    expect(defaultPaymentMode({ applePayWithActiveCard: false, hasEmail: true, savedCard: { brand: 'paypal' } })).toBe('ADYEN_PAYPAL');
  });
});

describe('orderButtonDisabled', () => {
  const base = { fetching: false, orderComplete: false, newCardValid: false, hasExistingCard: false };
  it.each(PAYMENT_MODES)('%s: always off while fetching or once the order is complete', (mode) => {
    expect(orderButtonDisabled({ ...base, mode, newCardValid: true, hasExistingCard: true, fetching: true })).toBe(true);
    expect(orderButtonDisabled({ ...base, mode, newCardValid: true, hasExistingCard: true, orderComplete: true })).toBe(true);
  });
  it('new card: needs a valid form', () => {
    expect(orderButtonDisabled({ ...base, mode: 'NEW_CARD' })).toBe(true);
    expect(orderButtonDisabled({ ...base, mode: 'NEW_CARD', newCardValid: true })).toBe(false);
  });
  it('existing card: a saved card enables it without a form', () => {
    expect(orderButtonDisabled({ ...base, mode: 'EXISTING_CARD', hasExistingCard: true })).toBe(false);
    expect(orderButtonDisabled({ ...base, mode: 'EXISTING_CARD' })).toBe(true);
  });
  it.each<PaymentMode>(['ADYEN_PAYPAL', 'APPLEPAY', 'ADYEN_APPLEPAY', 'GOOGLEPAY'])('%s: a wallet needs no card form', (mode) => {
    expect(isWalletMode(mode)).toBe(true);
    expect(orderButtonDisabled({ ...base, mode })).toBe(false);
  });
  it('card modes are not wallets', () => {
    expect(isWalletMode('NEW_CARD')).toBe(false);
    expect(isWalletMode('EXISTING_CARD')).toBe(false);
  });
});

describe('isPaymentNeeded', () => {
  it('takes no payment for a basket its discounts make free', () => {
    expect(isPaymentNeeded(0)).toBe(false);
    expect(isPaymentNeeded(1)).toBe(true);
  });
});

describe('payPalAvailable', () => {
  it.each([
    [1, 4500, false],
    [1, 4501, true],
    [1, 199999, true],
    [1, 200000, false],
    [0, 10000, false],
  ])('%i items, total %i → %s', (itemCount, total, expected) => {
    expect(payPalAvailable({ itemCount, total })).toBe(expected);
  });
});

describe('Google Pay total', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [4599, '45.99'],
    [200000, '2000.00'],
  ])('%i pence → %s', (pence, total) => {
    expect(googlePayTotal(pence)).toBe(total);
    expect(isGooglePayTotal(total)).toBe(true);
  });
  it('refuses what is not pence', () => {
    expect(() => googlePayTotal(12.5)).toThrow(RangeError);
    expect(() => googlePayTotal(-1)).toThrow(RangeError);
  });
  it.each(['45', '45.9', '45.99'])('accepts %s', (value) => expect(isGooglePayTotal(value)).toBe(true));
  it.each(['45.999', '', '.5', '45.', '-1.00', '1e3', '45,99'])('rejects %j', (value) => expect(isGooglePayTotal(value)).toBe(false));
});

describe('payment token providers', () => {
  it('knows six providers of card, wallet and PayPal kinds', () => {
    expect(Object.keys(PAYMENT_TOKEN_PROVIDERS)).toHaveLength(6);
    expect(new Set(Object.values(PAYMENT_TOKEN_PROVIDERS))).toEqual(new Set(['card', 'wallet', 'paypal']));
    expect(isPaymentTokenProvider('checkout_card')).toBe(true);
    expect(isPaymentTokenProvider('toString')).toBe(false);
  });
  it('reads a Checkout.com card', () => {
    expect(paymentTokenSummary('checkout_card', { scheme: 'VISA', last4: '4242', expiry_month: 1, expiry_year: 2030 })).toEqual({
      brand: 'Visa',
      last4: '4242',
      expiryMonth: 1,
      expiryYear: 2030,
    });
  });
  it('names wallets by the wallet and keeps the device card digits', () => {
    expect(paymentTokenSummary('checkout_applepay', { last4: '1111', expiry_month: 12, expiry_year: 29 })).toEqual({
      brand: 'Apple Pay',
      last4: '1111',
      expiryMonth: 12,
      expiryYear: 2029,
    });
    expect(paymentTokenSummary('checkout_googlepay', { last4: '0005' }).brand).toBe('Google Pay');
  });
  it('reads an Adyen card with separate or combined expiry', () => {
    expect(paymentTokenSummary('adyen_card', { brand: 'mc', cardSummary: '5454', expiryMonth: '03', expiryYear: '2031' })).toEqual({
      brand: 'Mastercard',
      last4: '5454',
      expiryMonth: 3,
      expiryYear: 2031,
    });
    expect(paymentTokenSummary('adyen_applepay', { lastFour: '9999', expiryDate: '10/2028' })).toEqual({
      brand: 'Apple Pay',
      last4: '9999',
      expiryMonth: 10,
      expiryYear: 2028,
    });
  });
  it('months outside 1 to 12 and missing expiries read as unknown', () => {
    expect(paymentTokenSummary('checkout_card', { scheme: 'amex', last4: '0005', expiry_month: 13 })).toMatchObject({ brand: 'Amex', expiryMonth: null, expiryYear: null });
    expect(paymentTokenSummary('checkout_card', { scheme: 'visa', last4: '1', expiry_month: 0 }).expiryMonth).toBeNull();
  });
  it('a PayPal agreement has no digits or expiry', () => {
    expect(paymentTokenSummary('adyen_paypal', { shopperEmail: 'sam@example.com' })).toEqual({ brand: 'PayPal', last4: '', expiryMonth: null, expiryYear: null });
  });
});
