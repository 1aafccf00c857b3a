import { z } from 'zod';
import { REQUIRED_MESSAGE } from './messages';

/** Long enough for any passphrase or password manager; the cap bounds the work of hashing one. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_SHORT_MESSAGE = 'Your password must be at least 8 characters long.';
export const PASSWORD_TOO_LONG_MESSAGE = `Your password cannot be longer than ${PASSWORD_MAX_LENGTH} characters.`;
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';

/**
 * Signup and reset: leading and trailing whitespace stripped, then required and at least 8
 * characters. Login trims the same way, so a password with a stray space still signs in.
 */
export const newPasswordSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .min(8, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

export const loginPasswordSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

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

export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Your current password is not right. Please try again.';

/** 'Change password' in the account: the current password, a new one by the signup rules, and the new one again. */
export const changePasswordSchema = z
  .object({
    currentPassword: loginPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: REQUIRED_MESSAGE }).trim(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type ChangePassword = z.output<typeof changePasswordSchema>;
