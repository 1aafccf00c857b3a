import { z } from 'zod';
import { REQUIRED_MESSAGE } from './messages';

/** Longer than any real given or family name; the cap keeps a pasted document out of the database. */
export const PERSON_NAME_MAX_LENGTH = 50;
export const NAME_TOO_LONG_MESSAGE = `Name cannot exceed ${PERSON_NAME_MAX_LENGTH} characters`;

/**
 * A first or last name: trimmed, at least 2 characters, else 'Required'. Runs of inner
 * whitespace become one space, so 'Mary   Ann' is stored as 'Mary Ann'.
 */
export const personNameSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(2, REQUIRED_MESSAGE)
  .transform((name) => name.replace(/\s+/g, ' '))
  .pipe(z.string().max(PERSON_NAME_MAX_LENGTH, NAME_TOO_LONG_MESSAGE));
