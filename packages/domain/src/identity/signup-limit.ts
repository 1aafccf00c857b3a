/**
 * A sign-up refused by the limits on new accounts (per device, per network address, shop-wide). Many people share
 * one address on a mobile network, so the refusal says how long to wait and what can be done now instead.
 */
export const SIGNUP_LIMIT_HEADLINE = 'We cannot open another account from here just now';

/** A wait as a person says it, rounded up to the minute: '1 minute', '25 minutes', '1 hour', '1 hour 5 minutes'. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/** When the patient can try again, from the refusal's Retry-After. */
export const signupLimitWait = (retryAfterSeconds: number) => `Please try again in ${waitText(retryAfterSeconds)}.`;

/** The API's message for the refusal: the wait and the ways in that stay open. */
export const signupLimitMessage = (retryAfterSeconds: number) =>
  `${SIGNUP_LIMIT_HEADLINE}. ${signupLimitWait(retryAfterSeconds)} If you already have an account, log in, or continue with Google or Apple.`;
