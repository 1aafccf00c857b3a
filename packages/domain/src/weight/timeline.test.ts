import { describe, expect, it } from 'vitest';
import { pointsInWindow, TIMELINE_WINDOWS, timelineStart } from './timeline';

// 10:00 BST on 31 May 2026.
const now = new Date('2026-05-31T09:00:00Z');

describe('timelineStart', () => {
  it('offers the six windows, All last', () => {
    expect(TIMELINE_WINDOWS).toEqual(['1w', '1m', '3m', '6m', '1y', 'All']);
  });

  it('goes back a week, or whole calendar months, from the UK date', () => {
    expect(timelineStart('1w', now)).toBe('2026-05-24');
    expect(timelineStart('1m', now)).toBe('2026-04-30');
    expect(timelineStart('3m', now)).toBe('2026-02-28');
    expect(timelineStart('6m', now)).toBe('2025-11-30');
    expect(timelineStart('1y', now)).toBe('2025-05-31');
    expect(timelineStart('All', now)).toBeNull();
  });

  it('counts the day in the UK: 00:30 BST is already the next day', () => {
    expect(timelineStart('1w', new Date('2026-06-30T23:30:00Z'))).toBe('2026-06-24');
  });

  it('lands on 29 February in a leap year', () => {
    expect(timelineStart('3m', new Date('2028-05-31T12:00:00Z'))).toBe('2028-02-29');
  });
});

describe('pointsInWindow', () => {
  const points = [
    { measuredAt: '2025-05-30T12:00:00Z' },
    { measuredAt: '2025-05-31T12:00:00Z' },
    { measuredAt: '2026-05-23T22:59:00Z' },
    // 00:30 BST on 24 May: inside the week.
    { measuredAt: '2026-05-23T23:30:00Z' },
    { measuredAt: '2026-05-30T08:00:00Z' },
  ];

  it('keeps points from the window’s first UK day on', () => {
    expect(pointsInWindow(points, '1w', now)).toEqual(points.slice(3));
    expect(pointsInWindow(points, '1y', now)).toEqual(points.slice(1));
    expect(pointsInWindow(points, 'All', now)).toEqual(points);
  });
});
