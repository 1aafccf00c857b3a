import type { ReviewSummary } from '@elmwood/domain';
import type { ReviewsPlatform } from './port';

/**
 * Illustrative review summaries for the demo shop, per product SKU, standing in for the platform where it
 * cannot be reached. Products without reviews are absent, as on the platform.
 */
const DEMO_SUMMARIES: Readonly<Record<string, ReviewSummary>> = {
  SILDENAFIL: { numberOfReviews: 412, starsAverage: 4.7 },
  TADALAFIL: { numberOfReviews: 268, starsAverage: 4.6 },
  FINASTERIDE: { numberOfReviews: 190, starsAverage: 4.4 },
  MINOXIDIL: { numberOfReviews: 130, starsAverage: 4.3 },
  'POWER-SHAMPOO': { numberOfReviews: 86, starsAverage: 4.5 },
};

export function sandboxReviews(): ReviewsPlatform {
  return {
    name: 'sandbox',
    summaries: async (skus) => Object.fromEntries(skus.flatMap((sku) => (DEMO_SUMMARIES[sku] ? [[sku, DEMO_SUMMARIES[sku]]] : []))),
  };
}
