const WHEN = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** '24 Nov 2026, 09:30' on the UK clock. */
export function formatSentAt(iso: string): string {
  return WHEN.format(new Date(iso));
}
