import { describe, expect, it } from 'vitest';
import { LOADING_SCREEN_MAX_MS, LOADING_SCREEN_MIN_MS, loadingScreenEndsAt } from './loading-screen';

describe('loadingScreenEndsAt', () => {
  it('is 2.5 s at the least and SPEC’s 9 s at the most', () => {
    expect([LOADING_SCREEN_MIN_MS, LOADING_SCREEN_MAX_MS]).toEqual([2500, 9000]);
  });
  it.each([
    [0, 2500],
    [2499, 2500],
    [2500, 2500],
    [4200, 4200],
    [9000, 9000],
    [9001, 9000],
    [30000, 9000],
  ])('recommendations ready after %i ms: ends at %i ms', (ready, ends) => expect(loadingScreenEndsAt(ready)).toBe(ends));
  it('ends at 9 s when the recommendations are never ready', () => expect(loadingScreenEndsAt(null)).toBe(9000));
});
