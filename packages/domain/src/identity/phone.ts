import { z } from 'zod';
import { REQUIRED_MESSAGE } from './messages';

/** Room for an international number written with spaces, brackets and a leading +. */
export const PHONE_NUMBER_MAX_LENGTH = 20;
export const PHONE_NUMBER_TOO_LONG_MESSAGE = `Phone number cannot exceed ${PHONE_NUMBER_MAX_LENGTH} characters`;

/** At least 9 characters once trimmed, else 'Required' (SPEC §5); no stricter check is specified. */
export const phoneNumberSchema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(9, REQUIRED_MESSAGE)
  .max(PHONE_NUMBER_MAX_LENGTH, PHONE_NUMBER_TOO_LONG_MESSAGE);
