import { z } from 'zod';
import { REQUIRED_MESSAGE } from './messages';

/** At least 9 characters once trimmed, else 'Required' (SPEC §5); no stricter check is specified. */
export const phoneNumberSchema = z.string({ error: REQUIRED_MESSAGE }).trim().min(9, REQUIRED_MESSAGE);
