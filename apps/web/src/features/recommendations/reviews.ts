import { REVIEW_SKU_GROUPS, type ReviewSummary } from '@elmwood/domain';

/**
 * Review summaries per product, standing in for the reviews platform (an outside service). A production
 * adapter fetches the same shape; until then these illustrative figures are shown.
 */
const SUMMARIES: Record<string, ReviewSummary> = {
  SILDENAFIL: { numberOfReviews: 412, starsAverage: 4.7 },
  TADALAFIL: { numberOfReviews: 268, starsAverage: 4.6 },
  FINASTERIDE: { numberOfReviews: 190, starsAverage: 4.4 },
  MINOXIDIL: { numberOfReviews: 130, starsAverage: 4.3 },
};

export function reviewSummaries(group: string | null): ReviewSummary[] {
  if (!group) return [];
  return (REVIEW_SKU_GROUPS[group] ?? []).flatMap((code) => (SUMMARIES[code] ? [SUMMARIES[code]] : []));
}
