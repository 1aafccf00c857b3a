import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index';
import { eq } from 'drizzle-orm';
import { patientOnTreatment } from '../../../test/support/companion';
import { fhirProblems } from '../../../test/support/fhir-schema';
import { renewalShop } from '../../../test/support/renewal-shop';
import { fileStoreFor } from '../../adapters/file-store/setup';
import { buildPatientArchive } from './archive';
import { LEFT_OUT_COLUMNS } from './collect';

const shop = renewalShop({}, new Date('2026-12-01T10:00:00Z'));

async function archiveOf(customerId: number) {
  const zip = await buildPatientArchive({ db: shop.db(), files: fileStoreFor(shop.ctx.config), brandName: 'Elmwood Health', prescribers: [] }, customerId, shop.clock);
  const files = unzipSync(zip);
  const record = JSON.parse(strFromU8(files['record.json']!)) as { tables: Record<string, Record<string, unknown>[]> };
  return { files, record, text: Object.entries(files).filter(([name]) => !name.startsWith('photos/') && !name.endsWith('.pdf')).map(([, bytes]) => strFromU8(bytes)).join('\n') };
}

describe('a patient’s data archive', () => {
  it('holds every kind of record of theirs, the photos they sent, and nothing of another patient', async () => {
    const alex = await patientOnTreatment(shop);
    const sam = await patientOnTreatment(shop);
    const [samRow] = await shop.db().select().from(customers).where(eq(customers.id, sam.patient.customerId));

    const { files, record, text } = await archiveOf(alex.patient.customerId);
    expect(Object.keys(files).filter((name) => !name.startsWith('photos/')).sort()).toEqual(['README.txt', 'fhir-bundle.json', 'record.json', 'summary.pdf']);
    // The account, the consultation as reviewed, the order with its lines, payment and history, the plan, the tasks
    // and photos it asked for, the verification of weight and height, and the messages sent.
    for (const table of ['customers', 'consultations', 'order_consultations', 'orders', 'order_items', 'payments', 'order_events', 'subscriptions', 'tasks', 'uploads', 'patient_verifications', 'notifications']) {
      expect(record.tables[table], table).not.toHaveLength(0);
    }
    expect(record.tables.customers).toHaveLength(1);
    expect(record.tables.orders!.map((order) => order.number)).toEqual([alex.orderNumber]);
    // The photos, decrypted: one JPEG for each upload.
    const photos = Object.entries(files).filter(([name]) => name.startsWith('photos/'));
    expect(photos).toHaveLength(record.tables.uploads!.length);
    for (const [, bytes] of photos) expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(strFromU8(files['summary.pdf']!.subarray(0, 5))).toBe('%PDF-');

    // Nothing of Sam's: not their account, order, email or name.
    for (const theirs of [samRow!.uid, samRow!.email, sam.orderNumber]) expect(text).not.toContain(theirs);
  });

  it('leaves out secrets and providers’ references, and says so', async () => {
    const alex = await patientOnTreatment(shop);
    const { files, record } = await archiveOf(alex.patient.customerId);
    const keys = Object.values(record.tables).flatMap((rows) => rows.flatMap((row) => Object.keys(row)));
    expect(keys.filter((key) => /(hash|token|secret|password)$/i.test(key))).toEqual([]);
    for (const [table, columns] of Object.entries(LEFT_OUT_COLUMNS)) {
      for (const row of record.tables[table] ?? []) for (const column of columns) expect(row, `${table}.${column}`).not.toHaveProperty(column);
    }
    expect(record.tables.refresh_tokens).toBeUndefined();
    expect(strFromU8(files['README.txt']!)).toContain('Left out, and why:');
  });

  it('holds the record as a FHIR R4 Bundle that validates: the patient, the verified measurements, the consultation, the prescription and its supply', async () => {
    const alex = await patientOnTreatment(shop);
    const { files } = await archiveOf(alex.patient.customerId);
    const bundle = JSON.parse(strFromU8(files['fhir-bundle.json']!)) as { entry: { resource: { resourceType: string; [key: string]: unknown } }[] };
    expect(fhirProblems(bundle)).toEqual([]);
    const types = bundle.entry.map((entry) => entry.resource.resourceType);
    for (const type of ['Patient', 'Observation', 'Questionnaire', 'QuestionnaireResponse', 'MedicationRequest', 'MedicationDispense']) expect(types, type).toContain(type);
    const request = bundle.entry.find((entry) => entry.resource.resourceType === 'MedicationRequest')!.resource;
    expect(request).toMatchObject({ status: 'completed', medicationCodeableConcept: { text: 'Wegovy 0.25 mg' }, identifier: [{ value: alex.orderNumber }] });
    const weights = bundle.entry.filter((entry) => entry.resource.resourceType === 'Observation' && JSON.stringify(entry.resource.code).includes('29463-7'));
    expect(weights.length).toBeGreaterThan(0);
  }, 60_000);
});
