import { z } from 'zod';

export const INVALID_EMAIL_MESSAGE = 'Invalid email';
/** The longest address SMTP can deliver to (RFC 5321's 256-octet path, less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** Trimmed, then checked against zod's standard email pattern; empty or longer than mail allows is also 'Invalid email'. */
export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: INVALID_EMAIL_MESSAGE, abort: true })
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }));
