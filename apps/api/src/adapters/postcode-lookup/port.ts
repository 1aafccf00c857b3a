import type { ProviderAddress } from '@elmwood/domain';

/**
 * The provider's own codes, kept because the shop's messages depend on them (SPEC §8): 4040 postcode
 * not found, 4020 balance used up, 4021 daily limit reached; anything else is 'unknown'.
 */
export type LookupFailure = '4040' | '4020' | '4021' | 'unknown';

export class PostcodeLookupError extends Error {
  constructor(
    readonly failure: LookupFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface PostcodeLookup {
  /** Addresses at a postcode given without spaces; throws PostcodeLookupError. */
  addresses(compactPostcode: string): Promise<ProviderAddress[]>;
}
