import { z } from 'zod';

export const INVALID_EMAIL_MESSAGE = 'Invalid email';

/** Trimmed, then checked against zod's standard email pattern; empty is also 'Invalid email'. */
export const emailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }));
