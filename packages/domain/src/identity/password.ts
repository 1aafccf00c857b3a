import { z } from 'zod';
import { REQUIRED_MESSAGE } from './messages';

export const PASSWORD_TOO_SHORT_MESSAGE = 'Your password must be at least 8 characters long.';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';

/**
 * Signup and reset: leading and trailing whitespace stripped, then required and at least 8
 * characters. Login trims the same way, so a password with a stray space still signs in.
 */
export const newPasswordSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .min(8, PASSWORD_TOO_SHORT_MESSAGE);

export const loginPasswordSchema = z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE);

/** The reset form; a mismatch is reported on the confirm field. */
export const resetPasswordSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string({ error: REQUIRED_MESSAGE }).trim(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
