import { PostcodeLookupError, type PostcodeLookup } from './port';
import { SANDBOX_ADDRESSES } from './sandbox-data';

/**
 * The default lookup: a local set of UK addresses, plus Ideal Postcodes' documented test postcodes so
 * every outcome can be tried without an account: ID1 1QD answers, ID1 KFA is not found (4040), ID1 CLIP
 * has no balance left (4020) and ID1 CHOP has hit its limit (4021).
 */
export function sandboxLookup(): PostcodeLookup {
  return {
    async addresses(postcode) {
      if (postcode === 'ID1CLIP') throw new PostcodeLookupError('4020', 'Token balance depleted');
      if (postcode === 'ID1CHOP') throw new PostcodeLookupError('4021', 'Lookup limit reached');
      const found = SANDBOX_ADDRESSES[postcode];
      if (!found) throw new PostcodeLookupError('4040', 'Postcode not found');
      return found;
    },
  };
}
