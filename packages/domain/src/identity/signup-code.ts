import { z } from 'zod';
import { emailSchema } from './email';

/**
 * Every email sign-up confirms its email before the account opens: the shop emails a code, and the account opens
 * when it is entered. A sign-up with an email that already has an account gets the same answer (its owner is
 * emailed instead), so nobody can learn from the answer whether someone is a patient here.
 */
export const SIGNUP_CODE_LENGTH = 6;
/** How long a code works after it is sent. */
export const SIGNUP_CODE_MINUTES = 30;
/** Wrong codes before the code stops working (a new one can then be sent): 5 guesses in a million. */
export const SIGNUP_CODE_WRONG_LIMIT = 5;

/** The answer to every sign-up, whether or not the email already has an account. */
export const SIGNUP_CODE_SENT_MESSAGE =
  'We have emailed you a 6-digit code. Enter it here to open your account. If this email already has an account, we have emailed you about it instead: please log in.';
/** A wrong, expired, used-up or unknown code: one answer for all. */
export const SIGNUP_CODE_INVALID_MESSAGE = 'That code is not right or has expired. Please check the latest email from us, or send a new code.';
export const SIGNUP_CODE_FORMAT_MESSAGE = 'Please enter the 6-digit code from the email.';
/** Asked for a new code after the sign-up itself was forgotten (a day later): the form is sent again. */
export const SIGNUP_EXPIRED_MESSAGE = 'Your sign-up has expired. Please create your account again.';

/** The code as typed: spaces and dashes (a code copied as '123 456') are ignored. */
export const signupCodeSchema = z
  .string({ error: SIGNUP_CODE_FORMAT_MESSAGE })
  .max(32, { error: SIGNUP_CODE_FORMAT_MESSAGE, abort: true })
  .transform((code) => code.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${SIGNUP_CODE_LENGTH}}$`), { error: SIGNUP_CODE_FORMAT_MESSAGE }));

export const confirmSignupSchema = z.object({ email: emailSchema, code: signupCodeSchema });
export type ConfirmSignup = z.infer<typeof confirmSignupSchema>;

export const resendSignupCodeSchema = z.object({ email: emailSchema });
