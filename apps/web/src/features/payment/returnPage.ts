/** Where the bank's challenge and PayPal send the patient back to (a page of this app, so same origin). */
export const PAYMENT_RETURN_PATH = '/checkout/payment-return';

/** True once a frame or window shows our return page; while it shows the provider's page, reading it throws. */
export function isReturnPage(target: Window | null | undefined): boolean {
  try {
    return target?.location.pathname === PAYMENT_RETURN_PATH;
  } catch {
    return false;
  }
}
