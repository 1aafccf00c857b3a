import { z } from 'zod';

export { FREQUENCIES, FREQUENCY_TITLES, isSubscription, monthsPerDelivery, type Frequency } from './frequencies';
export const frequencySchema = z.union([z.literal(30), z.literal(90), z.literal(1)]);
