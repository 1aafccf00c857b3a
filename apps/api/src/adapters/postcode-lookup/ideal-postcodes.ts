import type { ProviderAddress } from '@elmwood/domain';
import { PostcodeLookupError, type LookupFailure, type PostcodeLookup } from './port';

const KNOWN_FAILURES = new Set<LookupFailure>(['4040', '4020', '4021']);
const TIMEOUT_MS = 5000;

interface IdealReply {
  code?: number;
  message?: string;
  result?: ProviderAddress[];
}

/**
 * Ideal Postcodes' Postcode Lookup API: GET {base}/v1/postcodes/{postcode} with the key in the
 * Authorization header (`api_key="…"`); 200 with `result`, or an error body `{ code, message }`
 * (4040 not found, 4020 balance used up, 4021 limit reached, 4010 bad key).
 */
export function idealPostcodesLookup({ apiKey, baseUrl }: { apiKey: string; baseUrl: string }): PostcodeLookup {
  return {
    async addresses(postcode) {
      let response: Response;
      try {
        response = await fetch(new URL(`/v1/postcodes/${encodeURIComponent(postcode)}`, baseUrl), {
          headers: { Authorization: `api_key="${apiKey}"`, Accept: 'application/json' },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        throw new PostcodeLookupError('unknown', 'The postcode service did not answer');
      }
      const body = (await response.json().catch(() => ({}))) as IdealReply;
      if (response.ok && Array.isArray(body.result)) {
        return body.result.map(({ line_1, line_2, line_3, post_town, postcode: code }) => ({ line_1, line_2, line_3, post_town, postcode: code }));
      }
      const code = String(body.code ?? response.status) as LookupFailure;
      throw new PostcodeLookupError(KNOWN_FAILURES.has(code) ? code : 'unknown', body.message ?? `HTTP ${response.status}`);
    },
  };
}
