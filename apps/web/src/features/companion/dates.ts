import { ukInstant, ukWallClock } from '@elmwood/domain';

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

const dateTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true });
const dayOnly = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** 'Tue 1 Dec, 6:30 pm' (UK time). */
export const formatDoseTime = (iso: string) => dateTime.format(new Date(iso));
/** 'Tue 1 Dec 2026', a UK calendar day. */
export const formatDay = (isoDate: string) => dayOnly.format(new Date(`${isoDate}T12:00:00Z`));
