import type { Db } from '../db/client';
import { staffAuditLog } from '../db/schema/clinic';

/**
 * The audit log's writing half: every module that shows or changes a patient's record appends its row here, in the
 * same transaction (the clinic's console reads it back: modules/clinic/audit.ts).
 */
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

/** A clinical event the patient raised on their own record (a side-effect report): the audit log's row without staff. */
export interface PatientAuditEntry {
  patientId: number;
  action: string;
  resource: string;
  resourceId?: string | null;
  details?: Record<string, unknown> | null;
}

/** Appends the patient's own row, in the transaction that kept what they did. */
export async function auditPatientAction(db: Insertable, entry: PatientAuditEntry): Promise<void> {
  await db.insert(staffAuditLog).values({
    staffId: null,
    action: entry.action,
    resource: entry.resource,
    patientId: entry.patientId,
    resourceId: entry.resourceId ?? null,
    details: entry.details ?? null,
  });
}
