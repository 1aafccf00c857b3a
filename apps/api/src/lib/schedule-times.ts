import cronParser from 'cron-parser';

/**
 * The latest time of a cron schedule (wall-clock times in `timeZone`) in the span (after, upTo], or null when the
 * span holds none of its times. A span of any length costs one step back from its end.
 */
export function latestScheduledTime(cron: string, timeZone: string, after: Date, upTo: Date): Date | null {
  if (upTo.getTime() <= after.getTime()) return null;
  // prev() answers a time strictly before its start, so a time falling exactly on upTo counts.
  const latest = cronParser.parseExpression(cron, { tz: timeZone, currentDate: new Date(upTo.getTime() + 1) }).prev().toDate();
  return latest.getTime() > after.getTime() ? latest : null;
}
