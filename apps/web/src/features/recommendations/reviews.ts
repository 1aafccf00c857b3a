import { useQuery } from '@tanstack/react-query';
import { groupRating, REVIEW_SKU_GROUPS, type ReviewsSource, type ReviewSummary } from '@elmwood/domain';
import { apiGet } from '../../lib/api';

/** Review summaries (count and average stars) per product code: the reviews platform, as the shop's API relays it. */
export interface ReviewsPort {
  summaries(productCodes: readonly string[]): Promise<Record<string, ReviewSummary>>;
}

/** The shop's API asks the platform (Trustpilot, or its sandbox) and keeps the platform's key to itself. */
export const shopReviews: ReviewsPort = {
  summaries: (productCodes) => apiGet<Record<string, ReviewSummary>>('/shop-api/reviews/summaries', { skus: productCodes.join(',') }),
};

const storageKey = (code: string) => `reviewSummary:${code}`;

/** Summaries are kept in session storage per product code (SPEC §7), so each is asked for once a visit. */
export async function cachedSummaries(port: ReviewsPort, productCodes: readonly string[]): Promise<ReviewSummary[]> {
  const known: Record<string, ReviewSummary | null> = {};
  for (const code of productCodes) {
    try {
      const raw = window.sessionStorage.getItem(storageKey(code));
      if (raw !== null) known[code] = JSON.parse(raw) as ReviewSummary | null;
    } catch {
      // No storage, or a broken entry: ask the platform again.
    }
  }
  const missing = productCodes.filter((code) => !(code in known));
  if (missing.length > 0) {
    const fetched = await port.summaries(missing);
    for (const code of missing) {
      known[code] = fetched[code] ?? null;
      try {
        window.sessionStorage.setItem(storageKey(code), JSON.stringify(known[code]));
      } catch {
        // Storage full or disabled: the figures are simply fetched again next time.
      }
    }
  }
  return productCodes.flatMap((code) => (known[code] ? [known[code]] : []));
}

const reviewsPort: ReviewsPort = shopReviews;

/** A SKU group's pooled reviews; when the platform cannot be reached the page shows the default rating. */
export async function groupSummaries(group: string | null, port: ReviewsPort = reviewsPort): Promise<ReviewSummary[]> {
  if (!group) return [];
  try {
    return await cachedSummaries(port, REVIEW_SKU_GROUPS[group] ?? []);
  } catch {
    return [];
  }
}

/** A SKU group's rating: its products' reviews pooled, to one decimal; 4.5 'Excellent!' without data. */
export function useGroupRating(group: string | null) {
  return useQuery({
    queryKey: ['reviews', group ?? 'none'],
    queryFn: async () => groupRating(await groupSummaries(group)),
    staleTime: Infinity,
  });
}

/** Which platform the figures come from (Trustpilot, the sandbox's illustrative figures, or none), named beside a score. */
export function useReviewsSource() {
  return useQuery({
    queryKey: ['reviews', 'source'],
    queryFn: ({ signal }) => apiGet<ReviewsSource>('/shop-api/reviews/source', undefined, signal),
    staleTime: Infinity,
  });
}
