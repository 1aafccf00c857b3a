import type { ReviewsPlatformName, ReviewSummary } from '@elmwood/domain';

/** The reviews platform (Trustpilot product reviews): review count and average stars per product SKU. */
export interface ReviewsPlatform {
  /** Which platform the figures come from, so pages can name it ('off': none). */
  readonly name: ReviewsPlatformName;
  /** Summaries of the SKUs that have reviews; a SKU without reviews is left out. */
  summaries(skus: readonly string[]): Promise<Record<string, ReviewSummary>>;
}

/** The platform could not be asked, or answered with an error. */
export class ReviewsPlatformError extends Error {}
