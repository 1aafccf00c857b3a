/**
 * Names of what features keep about the patient in this browser's storage, in one place so that logging out can
 * forget all of it: the next person at a shared device must not inherit a consultation's answers or an address.
 * The cart token stays: from sign-in the cart is the patient's, which nobody else can read or claim, and it lets
 * the patient log back in and carry on with their order.
 */
export const QUIZ_ANSWERS_KEY_PREFIX = 'quizAnswers:';
export const SHIPPING_ADDRESS_DRAFT_KEY = 'userAddress';
/** The checkout's sign-up details as typed (session storage, never the password), for a reload mid-checkout. */
export const SIGNUP_DRAFT_KEY = 'signupDraft';
export const QUIZ_COUPON_KEY = 'quizCoupon';
export const QUIZ_ADD_TO_CART_KEY = 'quizAtc';

const isPatientKey = (key: string) =>
  key.startsWith(QUIZ_ANSWERS_KEY_PREFIX) || [SHIPPING_ADDRESS_DRAFT_KEY, SIGNUP_DRAFT_KEY, QUIZ_COUPON_KEY, QUIZ_ADD_TO_CART_KEY].includes(key);

/** Removes every patient key from local and session storage. */
export function forgetPatientOnDevice(): void {
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key !== null);
      for (const key of keys.filter(isPatientKey)) storage.removeItem(key);
    } catch {
      // Storage disabled (private windows): nothing was kept there.
    }
  }
}
