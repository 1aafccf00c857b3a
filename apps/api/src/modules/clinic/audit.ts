import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, AUDIT_PAGE_SIZE, auditActionText, auditDetailsText, ukCalendarDate, ukWallClock, type AuditLogPage, type StaffRole } from '@elmwood/domain';
import type { Db } from '../../db/client';
import { staff, staffAuditLog } from '../../db/schema/clinic';
import { customers } from '../../db/schema/customers';
import { AppError } from '../../lib/errors';

export { audit, auditPatientAction, type AuditEntry, type PatientAuditEntry } from '../../lib/audit-log';

/** The filters of the audit page and its CSV export, parsed (auditLogFilterSchema). */
export interface AuditFilter {
  orderNumber?: string | undefined;
  patient?: string | undefined;
  staffId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The instant a UK calendar day begins (midnight is 23:00 UTC the day before in summer time). */
function ukMidnight(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  return new Date(utcMidnight.getTime() - ukWallClock(utcMidnight).minutes * 60_000);
}

/** The UK days read, both included: `to` defaults to today, `from` to 30 days before `to`. */
export function auditRange(filter: Pick<AuditFilter, 'from' | 'to'>, now: Date) {
  const to = filter.to ?? ukCalendarDate(now);
  const from = filter.from ?? addDays(to, -30);
  if (from > to) throw new AppError(400, 'INVALID_RANGE', "'From' must be on or before 'To'.");
  return { from, to, start: ukMidnight(from), end: ukMidnight(addDays(to, 1)) };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function conditions(filter: AuditFilter, range: { start: Date; end: Date }): SQL {
  const all: (SQL | undefined)[] = [gte(staffAuditLog.at, range.start), lt(staffAuditLog.at, range.end)];
  if (filter.orderNumber) all.push(eq(staffAuditLog.orderNumber, filter.orderNumber));
  if (filter.staffId) all.push(eq(staff.uid, filter.staffId));
  if (filter.patient) {
    const pattern = `%${escapeLike(filter.patient)}%`;
    all.push(sql`(concat_ws(' ', ${customers.firstName}, ${customers.lastName}) ilike ${pattern} or ${customers.email} ilike ${pattern})`);
  }
  return and(...all)!;
}

function selectRows(db: Pick<Db, 'select'>) {
  return db
    .select({
      id: staffAuditLog.id,
      at: staffAuditLog.at,
      action: staffAuditLog.action,
      resource: staffAuditLog.resource,
      resourceId: staffAuditLog.resourceId,
      orderNumber: staffAuditLog.orderNumber,
      details: staffAuditLog.details,
      patientId: staffAuditLog.patientId,
      staffName: staff.name,
      staffRole: staff.role,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(staffAuditLog)
    .leftJoin(staff, eq(staff.id, staffAuditLog.staffId))
    .leftJoin(customers, eq(customers.id, staffAuditLog.patientId));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

const patientName = (row: Row) => (row.patientId === null ? null : `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || 'Patient without a name');

/** One page of the audit log, newest first, in words, with every member of staff for the filter. */
export async function auditPage(db: Pick<Db, 'select'>, filter: AuditFilter, page: number, now: Date): Promise<AuditLogPage> {
  const range = auditRange(filter, now);
  const where = conditions(filter, range);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(staffAuditLog)
    .leftJoin(staff, eq(staff.id, staffAuditLog.staffId))
    .leftJoin(customers, eq(customers.id, staffAuditLog.patientId))
    .where(where);
  const total = counted?.total ?? 0;
  const [rows, members] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(staffAuditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ id: staff.uid, name: staff.name, role: staff.role }).from(staff).orderBy(asc(staff.name)),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      // A row without staff is the patient's own action.
      staff: row.staffName === null ? null : { name: row.staffName, role: row.staffRole as StaffRole },
      action: auditActionText(row.action),
      patient: row.patientId === null ? null : { name: patientName(row)! },
      orderNumber: row.orderNumber,
      details: auditDetailsText(row.details),
    })),
    page,
    pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    total,
    from: range.from,
    to: range.to,
    staff: members.map((member) => ({ ...member, role: member.role as StaffRole })),
  };
}

/** Who acted, in a row the patient raised themselves. */
const PATIENT_ACTOR = 'The patient';

const COLUMNS = ['id', 'at', 'staff', 'staff_role', 'action', 'action_code', 'patient', 'patient_id', 'order_number', 'resource', 'resource_id', 'details'] as const;

/**
 * One CSV field (RFC 4180 quoting). A value a spreadsheet would run as a formula (=, +, -, @, tab or carriage return
 * first) gets a leading apostrophe, so an audit export can never execute what a patient or staff member typed.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The audit rows the same filters show on the page, oldest first, as CSV with a header line; actions and details in words. */
export async function auditCsv(db: Pick<Db, 'select'>, filter: AuditFilter, now: Date): Promise<string> {
  const rows = await selectRows(db).where(conditions(filter, auditRange(filter, now))).orderBy(asc(staffAuditLog.id));
  const lines = rows.map((row) =>
    [row.id, row.at, row.staffName ?? PATIENT_ACTOR, row.staffRole ?? 'patient', auditActionText(row.action), row.action, patientName(row), row.patientId, row.orderNumber, row.resource, row.resourceId, auditDetailsText(row.details)]
      .map(csvField)
      .join(','),
  );
  return [COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}
