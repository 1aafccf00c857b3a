import { addDays, parseIsoDate, isoDate, calendarDate, type IsoDate } from '../delivery/calendar-date';
import { ukCalendarDate } from '../delivery/uk-clock';

/** The tracking chart's timeline buttons (SPEC §9), 'All' by default. */
export const TIMELINE_WINDOWS = ['1w', '1m', '3m', '6m', '1y', 'All'] as const;
export type TimelineWindow = (typeof TIMELINE_WINDOWS)[number];
export const DEFAULT_TIMELINE_WINDOW: TimelineWindow = 'All';

export const TIMELINE_LABELS: Record<TimelineWindow, string> = {
  '1w': '1 week',
  '1m': '1 month',
  '3m': '3 months',
  '6m': '6 months',
  '1y': '1 year',
  All: 'All',
};

const MONTHS: Partial<Record<TimelineWindow, number>> = { '1m': 1, '3m': 3, '6m': 6, '1y': 12 };

/** Same day N months back, or that month's last day when it is shorter (31 May − 3 months = 28/29 Feb). */
function monthsBack(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = parseIsoDate(date)!;
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  for (let d = day; d > 0; d -= 1) {
    const found = calendarDate(y, m, d);
    if (found) return isoDate(found);
  }
  throw new RangeError(`No date ${months} months before ${date}`);
}

/** The first UK calendar day a window shows, up to today; null for 'All'. */
export function timelineStart(window: TimelineWindow, now: Date): IsoDate | null {
  const today = ukCalendarDate(now);
  if (window === 'All') return null;
  if (window === '1w') return addDays(today, -7);
  return monthsBack(today, MONTHS[window]!);
}

/** The points a window shows: measured on or after its first UK day. */
export function pointsInWindow<P extends { measuredAt: string }>(points: readonly P[], window: TimelineWindow, now: Date): P[] {
  const start = timelineStart(window, now);
  if (start === null) return [...points];
  return points.filter((point) => ukCalendarDate(new Date(point.measuredAt)) >= start);
}
