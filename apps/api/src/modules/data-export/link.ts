import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (secret: string, exportId: string, expires: number) => createHmac('sha256', secret).update(`data-export:${exportId}:${expires}`).digest('base64url');

/** The key that signs download links, derived from the server's secret so it signs nothing else. */
export function dataExportLinkSecret(serverSecret: string): string {
  return createHmac('sha256', serverSecret).update('elmwood-data-export-links').digest('base64url');
}

/** A download link's token: the archive and when it stops working, signed. */
export function dataExportToken(secret: string, exportId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${exportId}.${expires}.${signature(secret, exportId, expires)}`;
}

export type DataExportLinkCheck = { ok: true; exportId: string; expired: boolean } | { ok: false };

/**
 * A token whose signature does not match is no link at all (made up or changed). A genuine one says whether its time
 * has passed; the caller answers that only to the archive's owner, so nobody else learns the archive exists.
 */
export function checkDataExportToken(secret: string, token: string, now: Date): DataExportLinkCheck {
  const [exportId, expiresText, given, ...rest] = token.split('.');
  if (rest.length > 0 || !exportId || !UUID.test(exportId) || !expiresText || !/^\d{1,12}$/.test(expiresText) || !given) return { ok: false };
  const expected = Buffer.from(signature(secret, exportId, Number(expiresText)));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false };
  return { ok: true, exportId, expired: Number(expiresText) * 1000 <= now.getTime() };
}
