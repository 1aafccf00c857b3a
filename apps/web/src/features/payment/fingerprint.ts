/**
 * The device fingerprint: the session id the card provider's risk script (Checkout.com Risk.js) keeps for
 * this browser tab so fraud checks can link the attempts of one device. A payment error clears it, so the
 * next attempt starts a fresh risk session rather than carrying the failed one's score.
 */
export const DEVICE_FINGERPRINT_KEY = 'paymentDeviceSessionId';

export function storedDeviceFingerprint(): string | null {
  try {
    return window.sessionStorage.getItem(DEVICE_FINGERPRINT_KEY);
  } catch {
    return null;
  }
}

export function clearDeviceFingerprint(): void {
  try {
    window.sessionStorage.removeItem(DEVICE_FINGERPRINT_KEY);
  } catch {
    // Without storage there is nothing to clear.
  }
}
