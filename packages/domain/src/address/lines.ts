import { z } from 'zod';
import { REQUIRED_MESSAGE } from '../identity/messages';

export const ADDRESS_LINE_MAX_LENGTH = 35;
export const CITY_INVALID_MESSAGE = 'Please enter a valid UK City or Town';
export const CITY_TOO_LONG_MESSAGE = 'Town cannot exceed 35 characters';
export const ADDRESS_LINE_1_TOO_LONG_MESSAGE = 'Address line 1 cannot exceed 35 characters';
export const ADDRESS_LINE_2_TOO_LONG_MESSAGE = 'Address line 2 cannot exceed 35 characters';

export const citySchema = z
  .string({ error: CITY_INVALID_MESSAGE })
  .trim()
  .min(2, { error: CITY_INVALID_MESSAGE, abort: true })
  .max(ADDRESS_LINE_MAX_LENGTH, CITY_TOO_LONG_MESSAGE);

/** Line 1 is the Address's company field. */
export const addressLine1Schema = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE, abort: true })
  .max(ADDRESS_LINE_MAX_LENGTH, ADDRESS_LINE_1_TOO_LONG_MESSAGE);

/** Line 2 is the Address's street field. */
export const addressLine2Schema = z
  .string()
  .trim()
  .max(ADDRESS_LINE_MAX_LENGTH, ADDRESS_LINE_2_TOO_LONG_MESSAGE)
  .optional();
