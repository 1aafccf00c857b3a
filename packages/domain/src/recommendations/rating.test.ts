import { describe, expect, it } from 'vitest';
import { ratingSource } from './rating';

describe('ratingSource', () => {
  it('names Trustpilot when the figures are Trustpilot’s', () => {
    expect(ratingSource('trustpilot', 1320)).toEqual({ full: 'from 1,320 reviews on Trustpilot', short: 'on Trustpilot' });
  });

  it('says the sandbox’s figures are illustrative', () => {
    expect(ratingSource('sandbox', 412)?.full).toBe("from 412 reviews (illustrative figures of this demo shop, not real patients' reviews)");
    expect(ratingSource('sandbox', 412)?.short).toBe('(illustrative)');
  });

  it('gives no source, so no score is shown, with no platform or no reviews', () => {
    expect(ratingSource('off', 0)).toBeNull();
    expect(ratingSource('trustpilot', 0)).toBeNull();
    expect(ratingSource('sandbox', 0)).toBeNull();
  });
});
