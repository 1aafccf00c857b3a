import { z } from 'zod';
import type { ReviewSummary } from '@elmwood/domain';
import { ReviewsPlatformError, type ReviewsPlatform } from './port';

const TIMEOUT_MS = 3000;

/** One SKU's summary in the reply; the counts per star are there too, the shop needs only the total. */
const batchSummariesReply = z.object({
  summaries: z.array(
    z.object({
      sku: z.string(),
      starsAverage: z.number().min(0).max(5),
      numberOfReviews: z.object({ total: z.number().int().min(0) }),
    }),
  ),
});

/**
 * Trustpilot's Product Reviews API, batch summaries: POST {base}/v1/product-reviews/business-units/{businessUnitId}/batch-summaries
 * with the API key in the `apikey` header and `{ skus }` in the body; 200 with `{ summaries: [{ sku,
 * starsAverage, numberOfReviews: { total, oneStar, … } }] }`. A public endpoint: the key identifies the shop,
 * it grants nothing private, but it stays on the server anyway.
 */
export function trustpilotReviews({ apiKey, businessUnitId, baseUrl }: { apiKey: string; businessUnitId: string; baseUrl: string }): ReviewsPlatform {
  return {
    name: 'trustpilot',
    async summaries(skus) {
      if (skus.length === 0) return {};
      let response: Response;
      try {
        response = await fetch(new URL(`/v1/product-reviews/business-units/${encodeURIComponent(businessUnitId)}/batch-summaries`, baseUrl), {
          method: 'POST',
          headers: { apikey: apiKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ skus }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        throw new ReviewsPlatformError('Trustpilot did not answer');
      }
      if (!response.ok) throw new ReviewsPlatformError(`Trustpilot answered HTTP ${response.status}`);
      const parsed = batchSummariesReply.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new ReviewsPlatformError('Trustpilot answered in an unexpected shape');
      const wanted = new Set(skus);
      const found: Record<string, ReviewSummary> = {};
      for (const { sku, starsAverage, numberOfReviews } of parsed.data.summaries) {
        if (wanted.has(sku) && numberOfReviews.total > 0) found[sku] = { numberOfReviews: numberOfReviews.total, starsAverage };
      }
      return found;
    },
  };
}
