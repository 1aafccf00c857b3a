// What the workflows may use from the clinic.
export { audit, type AuditEntry } from './audit';
export { placedOrderByNumber, refundedSoFar, ORDER_NOT_FOUND } from './orders';
export type { StaffRow } from './staff-auth';
