import { z } from 'zod';
import { groupThousands } from '../money/money';

export const DEFAULT_RATING = 4.5;
export const DEFAULT_REVIEW_TEXT = 'Excellent!';

/** One product's reviews on the reviews platform; GET /shop-api/reviews/summaries answers these by SKU. */
export const reviewSummarySchema = z.object({
  numberOfReviews: z.number().int().min(0),
  starsAverage: z.number().min(0).max(5),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** The SKU groups whose reviews are pooled (SPEC §9). */
export const REVIEW_SKU_GROUPS: Readonly<Record<string, readonly string[]>> = {
  sildenafil: ['SILDENAFIL'],
  tadalafil: ['TADALAFIL'],
  hair: ['FINASTERIDE', 'MINOXIDIL'],
  shampoo: ['POWER-SHAMPOO'],
};

/** The SKU group a product's reviews are pooled in; null for a product outside every group (its page shows the default). */
export function reviewGroupOf(productCode: string): string | null {
  return Object.entries(REVIEW_SKU_GROUPS).find(([, codes]) => codes.includes(productCode))?.[0] ?? null;
}

/** A group's rating: the review-weighted average to one decimal, or 4.5 'Excellent!' with no reviews. */
export function groupRating(summaries: readonly ReviewSummary[]): { rating: number; label: string; reviews: number } {
  const reviews = summaries.reduce((sum, summary) => sum + summary.numberOfReviews, 0);
  if (reviews === 0) return { rating: DEFAULT_RATING, label: DEFAULT_REVIEW_TEXT, reviews: 0 };
  const average = summaries.reduce((sum, summary) => sum + summary.starsAverage * summary.numberOfReviews, 0) / reviews;
  const rating = Math.round(average * 10) / 10;
  return { rating, label: ratingLabel(rating), reviews };
}

/** The words beside the stars, on the bands review platforms use (Excellent from 4.3, Great from 3.8, …). */
export function ratingLabel(rating: number): string {
  if (rating >= 4.3) return DEFAULT_REVIEW_TEXT;
  if (rating >= 3.8) return 'Great';
  if (rating >= 2.8) return 'Average';
  if (rating >= 1.8) return 'Poor';
  return 'Bad';
}

/** Stars are drawn in half steps: 4.3 → 4.5, 4.2 → 4. */
export function starsInHalfSteps(rating: number): number {
  return Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
}

/** 'x/5' with one decimal. */
export function ratingOutOfFive(rating: number): string {
  return `${rating.toFixed(1)}/5`;
}

/** Where the shop's review figures come from (REVIEWS_PLATFORM): GET /shop-api/reviews/source answers it. */
export const REVIEWS_PLATFORMS = ['trustpilot', 'sandbox', 'off'] as const;
export type ReviewsPlatformName = (typeof REVIEWS_PLATFORMS)[number];
export const reviewsSourceSchema = z.object({ platform: z.enum(REVIEWS_PLATFORMS) });
export type ReviewsSource = z.infer<typeof reviewsSourceSchema>;

/**
 * What a score says of its source, so a patient can check it: the platform by name, or that the sandbox's figures
 * are illustrative. Null when there is no score to show: no platform, or no reviews there (the page then shows no
 * rating rather than a figure nobody gave).
 */
export function ratingSource(platform: ReviewsPlatformName, reviews: number): { full: string; short: string } | null {
  if (reviews <= 0) return null;
  switch (platform) {
    case 'trustpilot':
      return { full: `from ${groupThousands(reviews)} reviews on Trustpilot`, short: 'on Trustpilot' };
    case 'sandbox':
      return { full: `from ${groupThousands(reviews)} reviews (illustrative figures of this demo shop, not real patients' reviews)`, short: '(illustrative)' };
    case 'off':
      return null;
  }
}
