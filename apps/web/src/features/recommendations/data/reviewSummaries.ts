import type { ReviewSummary } from '@elmwood/domain';

/**
 * Seed review summaries per product (SKU), standing in for the reviews platform until its adapter is
 * written. Illustrative figures for the demo shop; products without reviews are absent.
 */
export const SEED_REVIEW_SUMMARIES: Readonly<Record<string, ReviewSummary>> = {
  SILDENAFIL: { numberOfReviews: 412, starsAverage: 4.7 },
  TADALAFIL: { numberOfReviews: 268, starsAverage: 4.6 },
  FINASTERIDE: { numberOfReviews: 190, starsAverage: 4.4 },
  MINOXIDIL: { numberOfReviews: 130, starsAverage: 4.3 },
  'POWER-SHAMPOO': { numberOfReviews: 86, starsAverage: 4.5 },
};
