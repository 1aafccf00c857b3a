import { z } from 'zod';
import { displayDate } from '../delivery/calendar-date';
import { ukWallClock } from '../delivery/uk-clock';

/**
 * 'Download my data' (UK GDPR Art. 15 right of access, Art. 20 portability): the patient asks, a job prepares one zip
 * of everything the shop holds about them and emails them that it is ready; the download works for a week, and only
 * in their own signed-in account. 'preparing' → 'ready' → 'expired' (the archive deleted); 'failed' when every try
 * to prepare it failed, so they may ask again at once.
 */
export const DATA_EXPORT_STATES = ['preparing', 'ready', 'expired', 'failed'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

/** How long the download works once the archive is ready; then it is refused and the archive deleted. */
export const DATA_EXPORT_LINK_DAYS = 7;
/** One request a day per patient: preparing an archive reads their whole record. */
export const DATA_EXPORT_REQUEST_INTERVAL_HOURS = 24;

/** GET and POST /shop-api/me/data-export: the patient's latest request, or null when they have made none. */
export const dataExportViewSchema = z
  .object({
    state: z.enum(DATA_EXPORT_STATES),
    /** ISO date-times. */
    requestedAt: z.string(),
    readyAt: z.string().nullable(),
    /** When the download stops working (ready) or stopped (expired). */
    expiresAt: z.string().nullable(),
    /** The signed download address, only while ready: it works in this patient's own signed-in session alone. */
    downloadUrl: z.string().nullable(),
    sizeBytes: z.number().int().nullable(),
    /** From when another request is taken (one a day). */
    nextRequestAt: z.string(),
    /** Whether another request is taken now (by the shop's clock). */
    canRequest: z.boolean(),
  })
  .nullable();
export type DataExportView = z.infer<typeof dataExportViewSchema>;

/** '1 Dec. 2026, 10:00' on the UK clock. */
function ukDateTime(instant: Date): string {
  const { date, minutes } = ukWallClock(instant);
  return `${displayDate(date)}, ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The account page's words (plain, calm: what the archive holds, how it arrives, how long it works). */
export const DATA_EXPORT_TEXT = {
  title: 'Download my data',
  holds:
    'You can have a copy of everything we hold about you: your details, consultation answers, measurements, orders and prescriptions, messages, and the photos you sent. It comes as one zip file with a summary you can read (PDF) and the same data in formats another clinic or the NHS can use.',
  how: `We prepare it in the background and email you when it is ready. The download link works for ${DATA_EXPORT_LINK_DAYS} days, and only while you are signed in to your account.`,
  ask: 'Prepare my data',
  askAgain: 'Prepare a new copy',
  preparing: 'We are preparing your data. We will email you when it is ready, usually within a few minutes.',
  ready: 'Your data is ready to download.',
  download: 'Download my data',
  readyUntil: (expiresAt: string) => `The link works until ${ukDateTime(new Date(expiresAt))}, and only while you are signed in.`,
  expired: (expiresAt: string) => `Your last copy was available until ${ukDateTime(new Date(expiresAt))} and has since been deleted. You can ask for a new one.`,
  failed: 'We could not prepare your data this time. Please ask again, and if it happens again, contact us.',
  nextFrom: (nextRequestAt: string) => `You can ask for a new copy from ${ukDateTime(new Date(nextRequestAt))}.`,
} as const;

/** The email's one line on the download: how long, and that only the signed-in patient can (no health data in it). */
export const DATA_EXPORT_READY_EMAIL_TEXT = (expiresAt: string) =>
  `For your security the download works only while you are signed in, and until ${ukDateTime(new Date(expiresAt))}. After that we delete it, and you can ask for a new copy.`;

/** The 429 of a second request within a day. */
export const dataExportTooSoonMessage = (nextRequestAt: Date) =>
  `You asked for a copy of your data less than ${DATA_EXPORT_REQUEST_INTERVAL_HOURS} hours ago. You can ask for a new one from ${ukDateTime(nextRequestAt)}.`;

export const DATA_EXPORT_MESSAGES = {
  /** Signed in as anyone but the owner, a made-up or changed link: the same answer, so nothing is learnt. */
  notFound: 'We could not find that download. Please open it from your account’s details page.',
  expired: `This download has expired: each copy can be downloaded for ${DATA_EXPORT_LINK_DAYS} days. You can ask for a new one on your account’s details page.`,
} as const;

/** The zip's name: the brand and the day it was prepared, e.g. 'elmwood-health-data-2026-12-01.zip'. */
export function dataExportFileName(brandName: string, readyAt: Date): string {
  const brand = brandName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'shop';
  return `${brand}-data-${ukWallClock(readyAt).date}.zip`;
}

/** A subject access request made from the clinic console (admin): the same archive, for the clinic to send on. */
export const staffDataExportSchema = z.object({
  id: z.string(),
  state: z.enum(DATA_EXPORT_STATES),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  requestedBy: z.string().nullable(),
});
export type StaffDataExport = z.infer<typeof staffDataExportSchema>;

/** GET /shop-api/clinic/patients/:id/data-exports: the archives staff prepared for this patient that still work, newest first. */
export const staffDataExportsSchema = z.object({ exports: z.array(staffDataExportSchema) });
export type StaffDataExports = z.infer<typeof staffDataExportsSchema>;

export const STAFF_DATA_EXPORT_TEXT = {
  title: 'Subject access request',
  explain: `Prepares a zip of everything we hold about this patient (a readable summary, the full record as JSON and FHIR, their photos), as they would get it themselves. Each download is written to the audit log; the archive is deleted after ${DATA_EXPORT_LINK_DAYS} days.`,
  prepare: 'Prepare the patient’s data',
  download: 'Download',
  prepared: 'Prepared. Download it below.',
} as const;

/** '1.2 MB', '340 KB': an archive's size. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  return `${(bytes / (1000 * 1000)).toFixed(1)} MB`;
}
