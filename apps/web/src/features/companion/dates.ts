import { displayDate, ukInstant, ukWallClock } from '@elmwood/domain';

const pad = (value: number) => String(value).padStart(2, '0');

/** The UK wall clock of an instant as a datetime-local field's value ('2026-12-01T18:30'). */
export function ukDateTimeValue(instant: Date): string {
  const { date, minutes } = ukWallClock(instant);
  return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A datetime-local field's value, read as UK time, as an ISO instant; null when it is not a date and time. */
export function instantFromUkValue(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  try {
    return ukInstant(match[1]!, Number(match[2]) * 60 + Number(match[3])).toISOString();
  } catch {
    return null;
  }
}

/** The day and the UK time of a dose, the hour on a 12-hour clock ('1 Dec. 2026, 6:30' and then am or pm). */
export function formatDoseTime(iso: string): string {
  const { date, minutes } = ukWallClock(new Date(iso));
  const hour = Math.floor(minutes / 60);
  return `${formatDay(date)}, ${hour % 12 === 0 ? 12 : hour % 12}:${pad(minutes % 60)}${hour < 12 ? 'am' : 'pm'}`;
}

/** '1 Dec. 2026' (DESIGN.md), a UK calendar day. */
export const formatDay = displayDate;
