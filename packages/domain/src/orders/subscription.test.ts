import { describe, expect, it } from 'vitest';
import { isSubscriptionFrequency, nextSubscriptionDelivery } from './subscription';

describe('nextSubscriptionDelivery', () => {
  it('is the frequency in days after the first delivery window closes', () => {
    // Monday 1 June 2026, 10:00 UK: dispatched that day, delivered 2–3 June.
    const placed = new Date('2026-06-01T09:00:00Z');
    expect(nextSubscriptionDelivery(placed, 30)).toBe('2026-07-03');
    expect(nextSubscriptionDelivery(placed, 90)).toBe('2026-09-01');
  });

  it('moves past the cut-off to a later window', () => {
    // 15:44 UK still leaves the same day; 15:45 leaves the next working day, one day later.
    expect(nextSubscriptionDelivery(new Date('2026-06-01T14:44:00Z'), 30)).toBe('2026-07-03');
    expect(nextSubscriptionDelivery(new Date('2026-06-01T14:45:00Z'), 30)).toBe('2026-07-06');
  });

  it('never lands on a weekend or bank holiday', () => {
    // Window closes Wed 25 Nov; +30 is Christmas Day, then the weekend, then the Boxing Day substitute.
    expect(nextSubscriptionDelivery(new Date('2026-11-23T10:00:00Z'), 30)).toBe('2026-12-29');
    // Without those holidays only the weekend is skipped.
    expect(nextSubscriptionDelivery(new Date('2026-11-23T10:00:00Z'), 30, [])).toBe('2026-12-25');
  });
});

describe('isSubscriptionFrequency', () => {
  it.each([
    [30, true],
    [90, true],
    [1, false],
    [60, false],
  ])('%i → %s', (frequency, expected) => expect(isSubscriptionFrequency(frequency)).toBe(expected));
});
