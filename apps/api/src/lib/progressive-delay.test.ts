import { describe, expect, it } from 'vitest';
import { progressiveDelaySeconds } from './progressive-delay';

const policy = { freeFailures: 5, firstSeconds: 1, maxSeconds: 30 };

describe('progressiveDelaySeconds', () => {
  it('asks no wait for the first few failures', () => {
    expect([0, 1, 4].map((failures) => progressiveDelaySeconds(failures, policy))).toEqual([0, 0, 0]);
  });

  it('doubles from the first wait at the free limit', () => {
    expect([5, 6, 7, 8, 9].map((failures) => progressiveDelaySeconds(failures, policy))).toEqual([1, 2, 4, 8, 16]);
  });

  it('stops at the cap, however many failures', () => {
    expect([10, 11, 50, 1_000_000].map((failures) => progressiveDelaySeconds(failures, policy))).toEqual([30, 30, 30, 30]);
  });

  it('reads nonsense as no failures', () => {
    expect(progressiveDelaySeconds(Number.NaN, policy)).toBe(0);
    expect(progressiveDelaySeconds(-3, policy)).toBe(0);
  });
});
