import { and, desc, eq, gt, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import {
  DATA_EXPORT_LINK_DAYS,
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_REQUEST_INTERVAL_HOURS,
  dataExportFileName,
  dataExportTooSoonMessage,
  type DataExportView,
  type PrescriberEntry,
  type StaffDataExport,
} from '@elmwood/domain';
import type { FileStore } from '../../adapters/file-store/port';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema/clinic';
import { customers } from '../../db/schema/customers';
import { dataExports } from '../../db/schema/data-exports';
import { audit } from '../../lib/audit-log';
import { AppError, notFound, TooManyRequestsError } from '../../lib/errors';
import { isUuid } from '../../lib/route-schemas';
import { defineQueue, type Executor, type Jobs } from '../../lib/queue';
import { buildPatientArchive } from './archive';
import { checkDataExportToken, dataExportToken } from './link';

/** One job per request: the archive is built, kept encrypted, and the patient emailed that it is ready. */
export const dataExportsQueue = defineQueue<{ exportId: string }>('data-exports', { retryLimit: 4, retryDelaySeconds: 30 });
/** Archives past their week are deleted from storage: hourly, so none outlives its link by long. */
export const expiredDataExportsQueue = defineQueue<Record<string, never>>('data-exports-expired', { retryLimit: 3, retryDelaySeconds: 300 });
export const EXPIRED_DATA_EXPORTS_SCHEDULE = '25 * * * *';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DOWNLOAD_PATH = '/shop-api/me/data-export';

type ExportRow = typeof dataExports.$inferSelect;
type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

export interface DataExportsDeps {
  db: Db;
  /** The encrypted file store: the patients' photos are read from it and the archives kept in it. */
  store: FileStore;
  jobs: Pick<Jobs, 'sendWithin' | 'prepare' | 'work' | 'schedule'>;
  /** Queues the 'your data is ready' email in the caller's transaction (the notifications outbox). */
  readyEmail: (tx: Tx, message: { customerId: number; exportId: string; expiresAt: Date }) => Promise<void>;
  /** Signs the download links (dataExportLinkSecret). */
  linkSecret: string;
  brandName: string;
  prescribers: readonly PrescriberEntry[];
  now: () => Date;
}

export interface DataExportFile {
  bytes: Buffer;
  fileName: string;
}

/** A member of staff as this module needs them. */
export interface ExportingStaff {
  id: number;
}

export function createDataExports(deps: DataExportsDeps) {
  const { db, store, jobs, readyEmail, linkSecret, brandName, prescribers, now } = deps;
  const archiveDeps = { db, files: store, brandName, prescribers };

  /** Ready, and its week not yet over (the hourly sweep may not have run since). */
  const usable = (row: ExportRow, at: Date) => row.state === 'ready' && row.expiresAt !== null && row.expiresAt > at;

  function toView(row: ExportRow | undefined, at: Date): DataExportView {
    if (!row) return null;
    const ready = usable(row, at);
    const state = row.state === 'ready' && !ready ? 'expired' : row.state;
    // A request that failed does not count against the day's one.
    const nextRequestAt = row.state === 'failed' ? row.requestedAt : new Date(row.requestedAt.getTime() + DATA_EXPORT_REQUEST_INTERVAL_HOURS * HOUR_MS);
    return {
      state,
      requestedAt: row.requestedAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      downloadUrl: ready ? `${DOWNLOAD_PATH}/${dataExportToken(linkSecret, row.id, row.expiresAt!)}` : null,
      sizeBytes: ready ? row.sizeBytes : null,
      nextRequestAt: nextRequestAt.toISOString(),
      canRequest: state !== 'preparing' && nextRequestAt <= at,
    };
  }

  function toStaffView(row: ExportRow, requestedBy: string | null): StaffDataExport {
    return {
      id: row.id,
      state: row.state,
      requestedAt: row.requestedAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      sizeBytes: row.sizeBytes,
      requestedBy,
    };
  }

  /** The patient's own requests (not the clinic's), newest first. */
  const ownRequests = (tx: Pick<Db, 'select'>, customerId: number) =>
    tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.customerId, customerId), isNull(dataExports.requestedByStaffId)))
      .orderBy(desc(dataExports.requestedAt))
      .limit(1);

  /**
   * Builds the archive and keeps it encrypted under the export's id: outside any transaction, as it reads the whole
   * record through the database's own connections (the embedded database has one, which a transaction holds).
   */
  async function buildAndKeep(row: ExportRow, at: Date): Promise<number> {
    const zip = await buildPatientArchive(archiveDeps, row.customerId, at);
    await store.put(row.id, Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    return zip.byteLength;
  }

  /** Marks a kept archive ready for a week; null when it was no longer being prepared. */
  async function markReady(tx: Tx, row: ExportRow, sizeBytes: number, at: Date): Promise<ExportRow | null> {
    const [ready] = await tx
      .update(dataExports)
      .set({ state: 'ready', fileKey: row.id, sizeBytes, readyAt: at, expiresAt: new Date(at.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS) })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.state, 'preparing')))
      .returning();
    return ready ?? null;
  }

  async function patientOf(uid: string): Promise<number> {
    const [row] = isUuid(uid) ? await db.select({ id: customers.id }).from(customers).where(eq(customers.uid, uid)) : [];
    if (!row) throw notFound('We could not find that patient.');
    return row.id;
  }

  const service = {
    async view(customerId: number): Promise<DataExportView> {
      const [row] = await ownRequests(db, customerId);
      return toView(row, now());
    },

    /**
     * The patient asks for their data: one request a day (a failed one does not count). The same Idempotency-Key
     * again answers the request it made; requests of one patient are taken one at a time (their row is locked).
     */
    async request(customerId: number, idempotencyKey?: string): Promise<DataExportView> {
      const at = now();
      return db.transaction(async (tx) => {
        await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
        if (idempotencyKey !== undefined) {
          const [same] = await tx.select().from(dataExports).where(and(eq(dataExports.customerId, customerId), eq(dataExports.idempotencyKey, idempotencyKey)));
          if (same) return toView(same, at);
        }
        const [latest] = await tx
          .select()
          .from(dataExports)
          .where(and(eq(dataExports.customerId, customerId), isNull(dataExports.requestedByStaffId), ne(dataExports.state, 'failed')))
          .orderBy(desc(dataExports.requestedAt))
          .limit(1);
        const nextAt = latest ? new Date(latest.requestedAt.getTime() + DATA_EXPORT_REQUEST_INTERVAL_HOURS * HOUR_MS) : null;
        if (nextAt && nextAt > at) throw new TooManyRequestsError('DATA_EXPORT_TOO_SOON', dataExportTooSoonMessage(nextAt), (nextAt.getTime() - at.getTime()) / 1000);
        const [row] = await tx.insert(dataExports).values({ customerId, idempotencyKey: idempotencyKey ?? null, requestedAt: at }).returning();
        await jobs.sendWithin(tx as unknown as Executor, dataExportsQueue, { exportId: row!.id }, { singletonKey: `data-export-${row!.id}` });
        return toView(row, at);
      });
    },

    /** The job: the archive built and kept, then the patient emailed (once: a repeat finds it no longer preparing). */
    async prepare(exportId: string, at: Date = now()): Promise<void> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
      if (!row || row.state !== 'preparing') return;
      const sizeBytes = await buildAndKeep(row, at);
      await db.transaction(async (tx) => {
        const ready = await markReady(tx, row, sizeBytes, at);
        if (ready && row.requestedByStaffId === null) await readyEmail(tx, { customerId: row.customerId, exportId: row.id, expiresAt: ready.expiresAt! });
      });
    },

    /** After the job's last try failed: the patient sees it failed and may ask again at once. */
    async markFailed(exportId: string): Promise<void> {
      await db.update(dataExports).set({ state: 'failed' }).where(and(eq(dataExports.id, exportId), eq(dataExports.state, 'preparing')));
    },

    /**
     * The archive, by its signed link, for the signed-in patient who asked for it. Anyone else, or a link made up or
     * changed, gets the same 404; the owner is told when their link has expired.
     */
    async download(customerId: number, token: string): Promise<DataExportFile> {
      const at = now();
      const checked = checkDataExportToken(linkSecret, token, at);
      if (!checked.ok) throw notFound(DATA_EXPORT_MESSAGES.notFound);
      const [row] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.id, checked.exportId), eq(dataExports.customerId, customerId), isNull(dataExports.requestedByStaffId)));
      if (!row) throw notFound(DATA_EXPORT_MESSAGES.notFound);
      const bytes = !checked.expired && usable(row, at) && row.fileKey ? await store.get(row.fileKey) : null;
      if (!bytes) throw new AppError(410, 'DATA_EXPORT_EXPIRED', DATA_EXPORT_MESSAGES.expired);
      return { bytes, fileName: dataExportFileName(brandName, row.readyAt!) };
    },

    /** Archives whose week is over: deleted from storage, their rows kept as expired. Answers how many. */
    async removeExpired(at: Date = now()): Promise<number> {
      const due = await db.select().from(dataExports).where(and(eq(dataExports.state, 'ready'), lte(dataExports.expiresAt, at)));
      let removed = 0;
      for (const row of due) {
        if (row.fileKey) await store.delete(row.fileKey);
        const [moved] = await db
          .update(dataExports)
          .set({ state: 'expired', fileKey: null, deletedAt: at })
          .where(and(eq(dataExports.id, row.id), eq(dataExports.state, 'ready')))
          .returning({ id: dataExports.id });
        if (moved) removed += 1;
      }
      return removed;
    },

    /**
     * A subject access request from the console: the archive is built now, kept for a week like the patient's, and
     * the export written to the audit log with it.
     */
    async exportForStaff(member: ExportingStaff & { name: string }, patientUid: string): Promise<StaffDataExport> {
      const customerId = await patientOf(patientUid);
      const at = now();
      const [row] = await db.insert(dataExports).values({ customerId, requestedByStaffId: member.id, requestedAt: at }).returning();
      try {
        const sizeBytes = await buildAndKeep(row!, at);
        const ready = await db.transaction(async (tx) => {
          const built = await markReady(tx, row!, sizeBytes, at);
          await audit(tx, { staffId: member.id, action: 'export-patient-data', resource: 'data-export', resourceId: row!.id, patientId: customerId });
          return built;
        });
        return toStaffView(ready!, member.name);
      } catch (error) {
        await service.markFailed(row!.id);
        throw error;
      }
    },

    /** The archives staff prepared for this patient that can still be downloaded, newest first. */
    async listForStaff(patientUid: string): Promise<StaffDataExport[]> {
      const customerId = await patientOf(patientUid);
      const rows = await db
        .select({ row: dataExports, requestedBy: staff.name })
        .from(dataExports)
        .leftJoin(staff, eq(staff.id, dataExports.requestedByStaffId))
        .where(and(eq(dataExports.customerId, customerId), isNotNull(dataExports.requestedByStaffId), eq(dataExports.state, 'ready'), gt(dataExports.expiresAt, now())))
        .orderBy(desc(dataExports.requestedAt));
      return rows.map(({ row, requestedBy }) => toStaffView(row, requestedBy));
    },

    /** A staff member downloads a prepared archive: written to the audit log before the data leaves. */
    async downloadForStaff(member: ExportingStaff, patientUid: string, exportId: string): Promise<DataExportFile> {
      const customerId = await patientOf(patientUid);
      const at = now();
      const [row] = isUuid(exportId)
        ? await db.select().from(dataExports).where(and(eq(dataExports.id, exportId), eq(dataExports.customerId, customerId), isNotNull(dataExports.requestedByStaffId)))
        : [];
      const bytes = row && usable(row, at) && row.fileKey ? await store.get(row.fileKey) : null;
      if (!row || !bytes) throw notFound('This archive is no longer available. Prepare a new one.');
      await audit(db, { staffId: member.id, action: 'download-patient-data', resource: 'data-export', resourceId: row.id, patientId: customerId });
      return { bytes, fileName: dataExportFileName(brandName, row.readyAt!) };
    },

    async prepareQueues(): Promise<void> {
      await jobs.prepare(dataExportsQueue);
      await jobs.prepare(expiredDataExportsQueue);
    },

    /** In a process that runs jobs. */
    async work(): Promise<void> {
      await jobs.work(dataExportsQueue, async ({ exportId }, job) => {
        try {
          await service.prepare(exportId, job.now);
        } catch (error) {
          if (job.retryCount >= dataExportsQueue.retryLimit) await service.markFailed(exportId);
          throw error;
        }
      });
      await jobs.work(expiredDataExportsQueue, async (_data, job) => {
        await service.removeExpired(job.now);
      });
      await jobs.schedule(expiredDataExportsQueue, EXPIRED_DATA_EXPORTS_SCHEDULE, {});
    },
  };
  return service;
}

export type DataExports = ReturnType<typeof createDataExports>;
