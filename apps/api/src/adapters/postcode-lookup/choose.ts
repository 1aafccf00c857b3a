import type { Config } from '../../config';
import { idealPostcodesLookup } from './ideal-postcodes';
import type { PostcodeLookup } from './port';
import { sandboxLookup } from './sandbox';

export function postcodeLookupFor(config: Config): PostcodeLookup {
  return config.POSTCODE_LOOKUP === 'ideal-postcodes'
    ? idealPostcodesLookup({ apiKey: config.IDEAL_POSTCODES_API_KEY!, baseUrl: config.IDEAL_POSTCODES_BASE_URL })
    : sandboxLookup();
}
