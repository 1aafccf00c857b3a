// What the workflows may use from the clinic.
export { audit, auditPatientAction, type AuditEntry, type PatientAuditEntry } from './audit';
export { createRecordRetention, type RecordRetention, type RetentionRound } from './record-retention';
export { placedOrderByNumber, refundedSoFar, ORDER_NOT_FOUND } from './orders';
export type { StaffRow } from './staff-auth';
