import { z } from 'zod';
import { REQUIRED_MESSAGE } from './messages';

/**
 * A first or last name: trimmed, at least 2 characters, else 'Required'. Runs of inner
 * whitespace become one space, so 'Mary   Ann' is stored as 'Mary Ann'.
 */
export const personNameSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(2, REQUIRED_MESSAGE)
  .transform((name) => name.replace(/\s+/g, ' '));
