import { strToU8, zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { formatLongDate, formatWeight, ukCalendarDate, type PrescriberEntry } from '@elmwood/domain';
import type { FileStore } from '../../adapters/file-store/port';
import type { Db } from '../../db/client';
import { pdfBytes } from '../../lib/pdf';
import { collectPatientRows, LEFT_OUT_COLUMNS, LEFT_OUT_TABLES, type PatientRows } from './collect';
import { fhirBundle, type FhirRecordInput } from './fhir';
import { fhirInputFrom } from './record';

const MARGIN = 56;
const INK = '#1d2b2a';
const MUTED = '#5b6b69';

export interface ArchiveDeps {
  db: Db;
  /** The patients' uploads, decrypted as they are read. */
  files: FileStore;
  brandName: string;
  prescribers: readonly PrescriberEntry[];
}

/** The archive's own words on what each file holds and what was left out, so the patient need not guess. */
function readme(brandName: string, record: FhirRecordInput): string {
  return [
    `Your data from ${brandName}, as it stood on ${formatLongDate(ukCalendarDate(new Date(record.exportedAt)))}.`,
    '',
    'summary.pdf        A readable summary: your details, measurements, consultations, prescriptions and calls.',
    'record.json        Everything we hold about you, table by table, as JSON (times in UTC).',
    'fhir-bundle.json   Your health record as a FHIR R4 Bundle (UK Core profiles), for another clinic or the NHS.',
    'photos/            The photos you sent us.',
    '',
    'Left out, and why:',
    ...Object.entries(LEFT_OUT_TABLES).map(([table, why]) => `- ${table}: ${why}`),
    `- passwords, sign-in secrets and payment providers' references (${Object.values(LEFT_OUT_COLUMNS).flat().length} fields): of no use outside this shop, and a risk if they were`,
    '',
    'Card numbers are never held by us: your payments show only the card brand and its last four digits.',
  ].join('\n');
}

/** A summary a person reads: who, what was measured, what was asked and answered, what was prescribed, which calls. */
function summaryPdf(brandName: string, record: FhirRecordInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Your data from ${brandName}`, Author: brandName } });
  const done = pdfBytes(doc);
  const width = doc.page.width - MARGIN * 2;
  const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text, MARGIN, doc.y, { width }).moveDown(0.2);
  const line = (text: string, muted = false) => doc.font('Helvetica').fontSize(10.5).fillColor(muted ? MUTED : INK).text(text, MARGIN, doc.y, { width });
  const day = (instant: string) => formatLongDate(ukCalendarDate(new Date(instant)));
  const { patient } = record;

  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(brandName, MARGIN, MARGIN, { width });
  doc.font('Helvetica').fontSize(14).fillColor(MUTED).text(`Your data, as it stood on ${day(record.exportedAt)}`, { width });

  heading('Your details');
  line(`${patient.firstName} ${patient.lastName}`);
  if (patient.birthday) line(`Date of birth: ${formatLongDate(patient.birthday)}`);
  line(`Email: ${patient.email}`);
  if (patient.phoneNumber) line(`Phone: ${patient.phoneNumber}`);
  if (patient.address) line(`Address: ${[...patient.address.lines, patient.address.city, patient.address.postcode].join(', ')}`);

  heading('Measurements');
  if (record.measurements.length === 0) line('None recorded.', true);
  for (const measurement of record.measurements) {
    const value = measurement.kind === 'weight' ? formatWeight(measurement.value, 'kg') : measurement.kind === 'height' ? `${measurement.value} cm` : `BMI ${measurement.value.toFixed(1)}`;
    line(`${day(measurement.at)}: ${value} (${measurement.reportedBy === 'clinic' ? 'measured by the clinic' : 'you told us'})`);
  }

  heading('Prescriptions');
  if (record.prescriptions.length === 0) line('None.', true);
  for (const prescription of record.prescriptions) {
    const by = prescription.prescriber ? `, prescribed by ${prescription.prescriber.name}${prescription.prescriber.registration ? ` (${prescription.prescriber.registration})` : ''}` : '';
    const sent = prescription.dispensedAt ? `; sent on ${day(prescription.dispensedAt)}` : '';
    line(`${day(prescription.authoredOn)}: ${prescription.medication}, order ${prescription.orderNumber}${by}${sent}`);
  }

  heading('Calls');
  if (record.appointments.length === 0) line('None.', true);
  for (const call of record.appointments) line(`${day(call.start)}: ${call.description} (${call.status === 'fulfilled' ? 'took place' : call.status === 'noshow' ? 'missed' : call.status})`);

  for (const consultation of record.consultations) {
    heading(`${consultation.questionnaire.title}, ${day(consultation.authored)}`);
    for (const item of consultation.items) {
      doc.font('Helvetica-Bold').fontSize(10.5).fillColor(INK).text(item.text, MARGIN, doc.y, { width });
      line(item.answer);
      doc.moveDown(0.3);
    }
  }
  doc.end();
  return done;
}

/** JSON for the patient's rows: dates as ISO strings, nothing else changed. */
function recordJson(rows: PatientRows, exportedAt: string): string {
  return JSON.stringify({ exportedAt, tables: rows }, (_key, value: unknown) => (value instanceof Date ? value.toISOString() : value), 2);
}

/**
 * One patient's data as a zip: README.txt, summary.pdf, record.json (every row the shop holds of theirs, but for what
 * is left out and said so), fhir-bundle.json (FHIR R4) and the photos they sent, decrypted.
 */
export async function buildPatientArchive({ db, files, brandName, prescribers }: ArchiveDeps, customerId: number, now: Date): Promise<Uint8Array> {
  const rows = await collectPatientRows(db, customerId);
  const record = await fhirInputFrom(db, rows, { prescribers, now });
  const photos: Record<string, Uint8Array> = {};
  for (const upload of rows.uploads ?? []) {
    const bytes = await files.get(String(upload.id));
    // Every photo is kept as a JPEG (the upload re-encodes it, without its location data).
    if (bytes) photos[`photos/${upload.id}.jpg`] = bytes;
  }
  return zipSync({
    'README.txt': strToU8(readme(brandName, record)),
    'summary.pdf': await summaryPdf(brandName, record),
    'record.json': strToU8(recordJson(rows, record.exportedAt)),
    'fhir-bundle.json': strToU8(JSON.stringify(fhirBundle(record), null, 2)),
    ...photos,
  });
}
