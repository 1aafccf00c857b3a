import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { endsAttempt, newAttemptKey } from './usePlaceOrder';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newAttemptKey', () => {
  it('is a fresh v4 UUID each time', () => {
    const first = newAttemptKey();
    expect(first).toMatch(UUID_V4);
    expect(newAttemptKey()).not.toBe(first);
  });
  it('is made from random bytes where randomUUID is missing (a page not served over HTTPS)', () => {
    const original = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: undefined });
    try {
      expect(newAttemptKey()).toMatch(UUID_V4);
    } finally {
      if (original) Object.defineProperty(crypto, 'randomUUID', original);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});

describe('endsAttempt', () => {
  it.each([
    [402, 'PAYMENT_DECLINED', true],
    [422, 'INVALID_PAYMENT_TOKEN', true],
    [409, 'CART_NOT_READY', true],
    [409, 'ORDER_ALREADY_PLACED', true],
    [404, 'NOT_FOUND', true],
    [0, 'UNKNOWN', false],
    [502, 'BAD_GATEWAY', false],
    [503, 'PAYMENT_UNAVAILABLE', false],
    [500, 'INTERNAL', false],
    [409, 'PAYMENT_IN_PROGRESS', false],
    [429, 'TOO_MANY_PAYMENT_ATTEMPTS', false],
    [429, 'TOO_MANY_CARD_ATTEMPTS', true],
    [401, 'UNAUTHENTICATED', false],
  ])('%i %s → a final answer: %s', (status, code, final) => {
    expect(endsAttempt(new ApiError(status, code, 'message'))).toBe(final);
  });
});
