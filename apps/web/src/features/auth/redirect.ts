export const LOGIN_REQUIRED_MESSAGE = 'You need to log in to view this page';

/** Only a path on this site may be returned to after login (no open redirect to another site). */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** Where a page that needs login sends a visitor. */
export function loginPathFor(here: string): string {
  return `/login?next=${encodeURIComponent(here)}`;
}
