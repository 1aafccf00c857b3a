import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { estimateSecretBits, MIN_SECRET_BITS, weakSecretReason } from './secret-strength';

describe('weakSecretReason', () => {
  it('refuses a short secret', () => {
    expect(weakSecretReason('Zq8#'.repeat(7) + 'Zq8')).toBe('must be at least 32 characters');
  });

  it.each([
    ['one character repeated', 'a'.repeat(32)],
    ['a word repeated', 'password'.repeat(4)],
    ['a pattern cut short', 'Tr0ub4dor&3-'.repeat(3).slice(0, 34)],
    ['the alphabet', 'abcdefghijklmnopqrstuvwxyzABCDEF'],
    ['digits counting up and down', '0123456789876543210123456789876543'],
    ['long runs of one character', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab7'],
  ])('refuses %s', (_name, secret) => {
    expect(weakSecretReason(secret)).toMatch(/^looks guessable/);
  });

  it('accepts random secrets in the usual encodings, every time', () => {
    for (let i = 0; i < 500; i += 1) {
      expect(weakSecretReason(randomBytes(32).toString('base64'))).toBeNull();
      expect(weakSecretReason(randomBytes(24).toString('base64url'))).toBeNull();
      expect(weakSecretReason(randomBytes(16).toString('hex'))).toBeNull();
    }
  });

  it('accepts a long, varied passphrase', () => {
    expect(weakSecretReason('mauve kettle orbits 7 brisk lanterns!')).toBeNull();
  });
});

describe('estimateSecretBits', () => {
  it('counts nothing for an empty or periodic secret', () => {
    expect(estimateSecretBits('')).toBe(0);
    expect(estimateSecretBits('ab'.repeat(20))).toBe(0);
  });

  it('values each free character by the alphabet its classes span', () => {
    expect(estimateSecretBits('a1')).toBeCloseTo(2 * Math.log2(36));
    expect(estimateSecretBits('aZ9!')).toBeCloseTo(4 * Math.log2(95));
    expect(estimateSecretBits('xyz')).toBeCloseTo(2 * Math.log2(26));
  });

  it('puts the bar between careless secrets and 32 random hex characters', () => {
    expect(estimateSecretBits('password'.repeat(4))).toBeLessThan(MIN_SECRET_BITS);
    expect(estimateSecretBits('0123456789abcdef0123456789abcdeg')).toBeLessThan(MIN_SECRET_BITS);
    expect(estimateSecretBits('9598ff7757210073b0123b3bb88003f4')).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
  });
});
