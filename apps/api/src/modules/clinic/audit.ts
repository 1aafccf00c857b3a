import { and, asc, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffAuditLog } from '../../db/schema/clinic';

type Insertable = Pick<Db, 'insert'>;

export interface AuditEntry {
  staffId: number;
  action: string;
  resource: string;
  patientId?: number | null;
  orderId?: number | null;
  orderNumber?: string | null;
  resourceId?: string | null;
  details?: Record<string, unknown> | null;
}

/** Appends one row; called before the data leaves (reads) or in the decision's own transaction. */
export async function audit(db: Insertable, entry: AuditEntry): Promise<void> {
  await db.insert(staffAuditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    resource: entry.resource,
    patientId: entry.patientId ?? null,
    orderId: entry.orderId ?? null,
    orderNumber: entry.orderNumber ?? null,
    resourceId: entry.resourceId ?? null,
    details: entry.details ?? null,
  });
}

const COLUMNS = ['id', 'at', 'staff_id', 'action', 'patient_id', 'order_number', 'resource', 'resource_id', 'details'] as const;

/**
 * One CSV field (RFC 4180 quoting). A value a spreadsheet would run as a formula (=, +, -, @, tab or carriage return
 * first) gets a leading apostrophe, so an audit export can never execute what a patient or staff member typed.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The audit rows in [from, to), oldest first, as CSV with a header line. */
export async function auditCsv(db: Pick<Db, 'select'>, from: Date, to: Date): Promise<string> {
  const rows = await db
    .select()
    .from(staffAuditLog)
    .where(and(gte(staffAuditLog.at, from), lt(staffAuditLog.at, to)))
    .orderBy(asc(staffAuditLog.id));
  const lines = rows.map((row) =>
    [row.id, row.at, row.staffId, row.action, row.patientId, row.orderNumber, row.resource, row.resourceId, row.details].map(csvField).join(','),
  );
  return [COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}
