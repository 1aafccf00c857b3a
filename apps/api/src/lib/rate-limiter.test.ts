import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter';

describe('createRateLimiter', () => {
  it('allows the limit, refuses the next, and forgets once the window has passed', () => {
    let clock = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, now: () => clock });
    expect([limiter.attempt('a'), limiter.attempt('a'), limiter.attempt('a')]).toEqual([true, true, false]);
    expect(limiter.attempt('b')).toBe(true);
    clock = 999;
    expect(limiter.attempt('a')).toBe(false);
    clock = 1000;
    expect(limiter.attempt('a')).toBe(true);
  });
});
