import { describe, expect, it } from 'vitest';
import { latestScheduledTime } from './schedule-times';

const at = (iso: string) => new Date(iso);

describe('latestScheduledTime', () => {
  it('answers the latest time of the schedule within the span, its end included', () => {
    expect(latestScheduledTime('0 * * * *', 'Europe/London', at('2026-11-28T09:30:00Z'), at('2026-11-28T10:00:00Z'))).toEqual(at('2026-11-28T10:00:00Z'));
    expect(latestScheduledTime('0 * * * *', 'Europe/London', at('2026-11-28T09:30:00Z'), at('2026-12-22T10:59:00Z'))).toEqual(at('2026-12-22T10:00:00Z'));
  });

  it('answers null when the span holds none of its times, or runs backwards', () => {
    expect(latestScheduledTime('0 * * * *', 'Europe/London', at('2026-11-28T10:00:00Z'), at('2026-11-28T10:59:59Z'))).toBeNull();
    expect(latestScheduledTime('0 * * * *', 'Europe/London', at('2026-11-29T10:00:00Z'), at('2026-11-28T10:00:00Z'))).toBeNull();
  });

  it('reads the times on the UK clock (a quarter past, in summer time)', () => {
    expect(latestScheduledTime('15 9 * * *', 'Europe/London', at('2026-07-01T00:00:00Z'), at('2026-07-01T12:00:00Z'))).toEqual(at('2026-07-01T08:15:00Z'));
  });
});
