import { displayDate } from '@elmwood/domain';

/** '22 Nov. 2026' (DESIGN.md); a full timestamp is read as its UK calendar day. */
export function formatUkDate(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : new Date(value).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  return displayDate(day);
}

const CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });

/** '22 Nov. 2026, 09:30' on the UK clock. */
export function formatUkDateTime(iso: string): string {
  return `${formatUkDate(iso)}, ${CLOCK.format(new Date(iso))}`;
}
