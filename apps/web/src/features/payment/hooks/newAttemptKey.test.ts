import { describe, expect, it } from 'vitest';
import { newAttemptKey } from './usePlaceOrder';

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
