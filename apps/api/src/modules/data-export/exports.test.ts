import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DATA_EXPORT_MESSAGES, type DataExportView, type StaffDataExport } from '@elmwood/domain';
import { signedInPatientWithId, type Patient } from '../../../test/support/account';
import { renewalShop } from '../../../test/support/renewal-shop';
import { signedInStaff } from '../../../test/support/staff';
import { staffAuditLog } from '../../db/schema/clinic';
import { customers } from '../../db/schema/customers';
import { dataExports } from '../../db/schema/data-exports';
import { notifications } from '../../db/schema/notifications';

const shop = renewalShop({}, new Date('2026-12-01T10:00:00Z'));
const DAY_MS = 86_400_000;

const inject = (options: { method?: 'GET' | 'POST'; url: string; cookie?: string; key?: string }) =>
  shop.ctx.app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.key ? { 'idempotency-key': options.key } : {}) },
  });
const ask = (patient: Patient, key: string = randomUUID()) => inject({ method: 'POST', url: '/shop-api/me/data-export', cookie: patient.cookie, key });
const state = async (patient: Patient) => (await inject({ url: '/shop-api/me/data-export', cookie: patient.cookie })).json<DataExportView>();
const newPatient = (lastName = 'Smith') => signedInPatientWithId(shop.ctx.app, shop.db(), { lastName });
const exportsOf = (customerId: number) => shop.db().select().from(dataExports).where(eq(dataExports.customerId, customerId));
/** Where the disk store keeps a file's (encrypted) bytes. */
const storedPath = (id: string) => join(shop.ctx.config.UPLOAD_DIR ?? join(shop.ctx.config.DATA_DIR, 'uploads'), id.slice(0, 2), id);

/** A patient who asked for their data, and the job that prepared it (run here: tests work no queue). */
async function readyExport(patient: Patient) {
  const asked = await ask(patient);
  expect(asked.statusCode, asked.body).toBe(202);
  const [row] = await exportsOf(patient.customerId);
  await shop.ctx.app.dataExports.prepare(row!.id);
  const view = await state(patient);
  expect(view).toMatchObject({ state: 'ready', downloadUrl: expect.stringMatching(/^\/shop-api\/me\/data-export\//) });
  return { id: row!.id, downloadUrl: view!.downloadUrl! };
}

describe('a patient’s copy of their data', () => {
  it('is asked for once per Idempotency-Key, prepared by the job into encrypted storage, and the patient emailed without health data', async () => {
    shop.at('2026-12-01');
    const alex = await newPatient('Exportwright');
    expect(await state(alex)).toBeNull();

    const key = randomUUID();
    const first = await ask(alex, key);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json<DataExportView>()).toMatchObject({ state: 'preparing', downloadUrl: null, nextRequestAt: '2026-12-02T10:00:00.000Z' });
    // The same request again (a double click, a lost reply) answers the one it made.
    const again = await ask(alex, key);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    const [row] = await exportsOf(alex.customerId);
    expect(await exportsOf(alex.customerId)).toHaveLength(1);

    await shop.ctx.app.dataExports.prepare(row!.id);
    const view = await state(alex);
    expect(view).toMatchObject({ state: 'ready', readyAt: '2026-12-01T10:00:00.000Z', expiresAt: '2026-12-08T10:00:00.000Z', sizeBytes: expect.any(Number) });

    // Kept encrypted: neither a zip nor anything of the patient's readable in storage.
    const sealed = readFileSync(storedPath(row!.id));
    expect(sealed.subarray(0, 2).toString('latin1')).not.toBe('PK');
    expect(sealed.includes(Buffer.from(alex.email))).toBe(false);

    // One email through the outbox, saying only that it is ready and until when.
    const sent = await shop.db().select().from(notifications).where(and(eq(notifications.customerId, alex.customerId), eq(notifications.template, 'data-export-ready')));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toEqual({ expiresAt: '2026-12-08T10:00:00.000Z' });
    // A repeat of the job changes nothing and emails nobody again.
    await shop.ctx.app.dataExports.prepare(row!.id);
    expect(await shop.db().select().from(notifications).where(and(eq(notifications.customerId, alex.customerId), eq(notifications.template, 'data-export-ready')))).toHaveLength(1);
  });

  it('downloads only for the signed-in patient who asked: a zip of their own data, never cached', async () => {
    shop.at('2026-12-01');
    const alex = await newPatient('Ownerby');
    const sam = await newPatient('Otherton');
    const { downloadUrl } = await readyExport(alex);

    const reply = await inject({ url: downloadUrl, cookie: alex.cookie });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['content-disposition']).toBe('attachment; filename="elmwood-health-data-2026-12-01.zip"');
    const files = unzipSync(new Uint8Array(reply.rawPayload));
    const record = JSON.parse(strFromU8(files['record.json']!)) as { tables: Record<string, Record<string, unknown>[]> };
    expect(record.tables.customers!.map((row) => row.email)).toEqual([alex.email]);
    expect(strFromU8(files['README.txt']!)).toContain('Left out, and why:');

    // Another patient, or nobody signed in (a forwarded link), gets nothing, and learns nothing from the answer.
    const theirs = await inject({ url: downloadUrl, cookie: sam.cookie });
    const madeUp = await inject({ url: `/shop-api/me/data-export/${randomUUID()}.1900000000.bm90LWEtc2lnbmF0dXJl`, cookie: sam.cookie });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(madeUp.json());
    expect(theirs.json()).toMatchObject({ message: DATA_EXPORT_MESSAGES.notFound });
    expect((await inject({ url: downloadUrl })).statusCode).toBe(401);
    // A link whose time is changed no longer matches its signature.
    const [id, expires, signature] = downloadUrl.split('/').at(-1)!.split('.');
    expect((await inject({ url: `/shop-api/me/data-export/${id}.${Number(expires) + DAY_MS / 1000}.${signature}`, cookie: alex.cookie })).statusCode).toBe(404);
    expect((await inject({ url: '/shop-api/me/data-export/not-a-token', cookie: alex.cookie })).statusCode).toBe(404);
  });

  it('works for 7 days after it is ready and is refused after; the sweep then deletes the archive', async () => {
    shop.at('2026-12-01');
    const alex = await newPatient('Expiring');
    const sam = await newPatient('Bystander');
    const { id, downloadUrl } = await readyExport(alex);

    shop.at('2026-12-08', '09:59');
    expect((await inject({ url: downloadUrl, cookie: alex.cookie })).statusCode).toBe(200);
    expect(await shop.ctx.app.dataExports.removeExpired(shop.clock)).toBe(0);

    shop.at('2026-12-08', '10:00');
    const refused = await inject({ url: downloadUrl, cookie: alex.cookie });
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({ code: 'DATA_EXPORT_EXPIRED', message: DATA_EXPORT_MESSAGES.expired });
    // Still nothing said to anyone else.
    expect((await inject({ url: downloadUrl, cookie: sam.cookie })).statusCode).toBe(404);
    expect(await state(alex)).toMatchObject({ state: 'expired', downloadUrl: null, expiresAt: '2026-12-08T10:00:00.000Z' });

    expect(existsSync(storedPath(id))).toBe(true);
    expect(await shop.ctx.app.dataExports.removeExpired(shop.clock)).toBeGreaterThanOrEqual(1);
    expect(existsSync(storedPath(id))).toBe(false);
    const [row] = await shop.db().select().from(dataExports).where(eq(dataExports.id, id));
    expect(row).toMatchObject({ state: 'expired', fileKey: null, deletedAt: new Date('2026-12-08T10:00:00Z') });
    expect((await inject({ url: downloadUrl, cookie: alex.cookie })).statusCode).toBe(410);
  });

  it('is taken once a day: a second request within 24 hours answers 429 with when to come back; a failed one does not count', async () => {
    shop.at('2026-12-01');
    const alex = await newPatient('Eager');
    expect((await ask(alex)).statusCode).toBe(202);
    shop.at('2026-12-01', '21:00');
    const tooSoon = await ask(alex);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe(String(13 * 60 * 60));
    expect(tooSoon.json()).toMatchObject({ code: 'DATA_EXPORT_TOO_SOON', message: 'You asked for a copy of your data less than 24 hours ago. You can ask for a new one from 2 Dec. 2026, 10:00.' });
    expect(await exportsOf(alex.customerId)).toHaveLength(1);
    expect(await state(alex)).toMatchObject({ canRequest: false, nextRequestAt: '2026-12-02T10:00:00.000Z' });

    // Every try of the job failed: the patient may ask again at once.
    const [row] = await exportsOf(alex.customerId);
    await shop.ctx.app.dataExports.markFailed(row!.id);
    expect(await state(alex)).toMatchObject({ state: 'failed', canRequest: true });
    expect((await ask(alex)).statusCode).toBe(202);

    // The day counts from that new request, made at 21:00.
    shop.at('2026-12-02', '20:59');
    expect((await ask(alex)).statusCode).toBe(429);
    shop.at('2026-12-02', '21:00');
    expect((await ask(alex)).statusCode).toBe(202);
    expect(await exportsOf(alex.customerId)).toHaveLength(3);
  });
});

describe('a subject access request from the clinic console', () => {
  it('is for admins only; the export and each download are written to the audit log; the patient is not emailed', async () => {
    shop.at('2026-12-01');
    const alex = await newPatient('Accessrequest');
    const [{ uid }] = (await shop.db().select({ uid: customers.uid }).from(customers).where(eq(customers.id, alex.customerId))) as [{ uid: string }];
    const path = `/shop-api/clinic/patients/${uid}/data-exports`;
    const admin = await signedInStaff(shop.ctx, 'admin');

    expect((await inject({ method: 'POST', url: path })).statusCode).toBe(401);
    for (const role of ['support', 'pharmacist'] as const) {
      const member = await signedInStaff(shop.ctx, role);
      expect((await inject({ method: 'POST', url: path, cookie: member.cookie })).statusCode, role).toBe(403);
    }
    expect((await inject({ method: 'POST', url: path, cookie: shop.prescriber.cookie })).statusCode).toBe(403);
    // A patient's session is no staff session.
    expect((await inject({ method: 'POST', url: path, cookie: alex.cookie })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: `/shop-api/clinic/patients/${randomUUID()}/data-exports`, cookie: admin.cookie })).statusCode).toBe(404);

    const made = await inject({ method: 'POST', url: path, cookie: admin.cookie });
    expect(made.statusCode, made.body).toBe(201);
    const archive = made.json<StaffDataExport>();
    expect(archive).toMatchObject({ state: 'ready', requestedBy: 'Test admin', expiresAt: '2026-12-08T10:00:00.000Z' });
    const audited = () => shop.db().select().from(staffAuditLog).where(and(eq(staffAuditLog.patientId, alex.customerId), eq(staffAuditLog.resource, 'data-export')));
    expect((await audited()).map((row) => [row.action, row.staffId, row.resourceId])).toEqual([['export-patient-data', admin.row.id, archive.id]]);

    expect((await inject({ url: path, cookie: admin.cookie })).json()).toEqual({ exports: [archive] });
    const download = await inject({ url: `${path}/${archive.id}`, cookie: admin.cookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
    const record = JSON.parse(strFromU8(unzipSync(new Uint8Array(download.rawPayload))['record.json']!)) as { tables: Record<string, Record<string, unknown>[]> };
    expect(record.tables.customers!.map((row) => row.email)).toEqual([alex.email]);
    expect((await audited()).map((row) => row.action)).toEqual(['export-patient-data', 'download-patient-data']);
    expect((await inject({ url: `${path}/${archive.id}`, cookie: shop.prescriber.cookie })).statusCode).toBe(403);

    // The clinic's copy is the clinic's: not in the patient's account, no email, and it expires like theirs.
    expect(await state(alex)).toBeNull();
    expect(await shop.db().select().from(notifications).where(and(eq(notifications.customerId, alex.customerId), eq(notifications.template, 'data-export-ready')))).toEqual([]);
    shop.at('2026-12-08', '10:00');
    expect((await inject({ url: `${path}/${archive.id}`, cookie: admin.cookie })).statusCode).toBe(404);
    expect((await audited()).map((row) => row.action)).toEqual(['export-patient-data', 'download-patient-data']);
  });
});
