import { describe, expect, it } from 'vitest';
import { needsAccountUpdate, type User } from './user';

const complete: User = {
  uid: 'u1',
  firstName: 'Alex',
  lastName: 'Smith',
  email: 'alex@example.com',
  phoneNumber: '07700900123',
  birthday: '1990-03-12',
  customerBalance: 0,
  hasAcceptedUnlicensedProductDisclaimer: false,
};

describe('needsAccountUpdate', () => {
  it('is false for a complete account buying licensed products', () => {
    expect(needsAccountUpdate(complete, { unlicensedProduct: false })).toBe(false);
  });
  it.each([
    ['birthday', { birthday: null }],
    ['phone', { phoneNumber: null }],
  ])('is true when the %s is missing', (_name, change) => {
    expect(needsAccountUpdate({ ...complete, ...change }, { unlicensedProduct: false })).toBe(true);
  });
  it('asks for the disclaimer only when the cart holds an unlicensed product', () => {
    expect(needsAccountUpdate(complete, { unlicensedProduct: true })).toBe(true);
    expect(needsAccountUpdate({ ...complete, hasAcceptedUnlicensedProductDisclaimer: true }, { unlicensedProduct: true })).toBe(false);
  });
});
