import { afterEach, describe, expect, it } from 'vitest';
import { clearDeviceFingerprint, DEVICE_FINGERPRINT_KEY, storedDeviceFingerprint } from './fingerprint';

afterEach(() => window.sessionStorage.clear());

describe('device fingerprint', () => {
  it('is read from the tab session and cleared by a payment error', () => {
    window.sessionStorage.setItem(DEVICE_FINGERPRINT_KEY, 'dsid_abc');
    window.sessionStorage.setItem('other', 'kept');
    expect(storedDeviceFingerprint()).toBe('dsid_abc');
    clearDeviceFingerprint();
    expect(storedDeviceFingerprint()).toBeNull();
    expect(window.sessionStorage.getItem('other')).toBe('kept');
  });
  it('clearing with nothing stored is harmless', () => {
    expect(() => clearDeviceFingerprint()).not.toThrow();
  });
});
