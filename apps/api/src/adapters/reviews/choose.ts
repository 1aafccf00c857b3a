import type { Config } from '../../config';
import type { ReviewsPlatform } from './port';
import { sandboxReviews } from './sandbox';
import { trustpilotReviews } from './trustpilot';

/** With no platform, no product has reviews and pages show the default rating. */
const noReviews: ReviewsPlatform = { name: 'off', summaries: async () => ({}) };

export function reviewsPlatformFor(config: Config): ReviewsPlatform {
  switch (config.REVIEWS_PLATFORM) {
    case 'trustpilot':
      return trustpilotReviews({ apiKey: config.TRUSTPILOT_API_KEY!, businessUnitId: config.TRUSTPILOT_BUSINESS_UNIT_ID!, baseUrl: config.TRUSTPILOT_BASE_URL });
    case 'sandbox':
      return sandboxReviews();
    case 'off':
      return noReviews;
  }
}
