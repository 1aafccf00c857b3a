import { z } from 'zod';

/**
 * The largest value of a PostgreSQL `integer` column, which every numeric record id is. A larger id names no row,
 * and the database refuses to compare with it (a 500), so it is refused as input instead.
 */
export const RECORD_ID_MAX = 2_147_483_647;
export const RECORD_ID_MESSAGE = 'must be a whole number from 1 to 2147483647';

/** A numeric record id sent in a JSON body. */
export const recordIdSchema = z.number({ error: RECORD_ID_MESSAGE }).int(RECORD_ID_MESSAGE).min(1, RECORD_ID_MESSAGE).max(RECORD_ID_MAX, RECORD_ID_MESSAGE);
