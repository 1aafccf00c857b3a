import { z } from 'zod';
import { formatPrice } from '../money/money';
import { STAFF_ROLES } from '../lifecycle/actors';
import { normaliseOrderNumber } from '../orders/order-number';
import { calendarDateText } from './answer-text';
import { REJECTION_REASON_NAMES, type RejectionReasonCode } from './decisions';
import { clinicText } from './staff';
import { CARRIER_NAMES, type Carrier } from './tracking';
import { SIDE_EFFECT_SEVERITY_NAMES, type SideEffectSeverity } from '../support/side-effects';

/** What each audited action was, as an admin reads it. */
export const AUDIT_ACTION_NAMES: Record<string, string> = {
  'read-order': 'Read the order',
  'read-answers': 'Read the consultation answers',
  'read-weights': 'Read the BMI and weight history',
  'read-gp-details': 'Read the GP details',
  'read-support-messages': "Read the patient's support messages",
  'read-treatment-record': "Read the patient's injection log and side-effect diary",
  'read-photo': 'Viewed a photo',
  'read-information-answers': "Read the patient's answers to the prescriber's questions",
  'read-review-queue': 'Read the review queue',
  'read-dispatch-queue': 'Read the dispatch queue',
  'read-packing-slip': 'Read the packing slip',
  'read-support-inbox': 'Read the support inbox',
  'read-support-thread': 'Read a support conversation',
  'support-reply': 'Replied to a support conversation',
  'read-deletion-requests': 'Read the deletion requests',
  'read-deletion-request': 'Read a deletion request',
  'confirm-account-deletion': 'Deleted an account',
  'export-patient-data': "Prepared a copy of the patient's data (subject access request)",
  'download-patient-data': "Downloaded a copy of the patient's data (subject access request)",
  'read-stuck-messages': 'Read the stuck messages',
  'send-stuck-message-again': 'Sent a stuck message again',
  'mark-stuck-message-sent': 'Marked a stuck message as sent',
  approve: 'Approved the order',
  release: 'Released the order',
  reject: 'Rejected the order',
  'request-information': 'Asked the patient for information',
  'read-order-messages': 'Read the messages with the patient on the order',
  'write-order-message': 'Wrote to the patient on the order',
  'read-unanswered-order-messages': "Read the list of patients' messages waiting for a reply",
  'read-gp-letter': 'Read a letter to a GP',
  'post-gp-letter': 'Marked a letter to a GP as posted',
  dispatch: 'Dispatched the order',
  refund: 'Refunded',
  'take-back-referral-credit': 'Took back referral credit after a refund',
  'cancel-order': 'Cancelled the order',
  'cancel-plan': 'Cancelled the plan',
  'export-audit': 'Exported the audit log',
  'read-audit-log': 'Read the audit log',
  'report-side-effect': 'Reported a side effect',
};

/** An action in words; one not listed yet reads as its name with spaces ('read-labels': 'Read labels'). */
export function auditActionText(action: string): string {
  const named = AUDIT_ACTION_NAMES[action];
  if (named) return named;
  const spaced = action.replace(/[-_]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const DETAIL_NAMES: Record<string, string> = {
  reasonCode: 'Reason',
  reason: 'Reason',
  photoRequested: 'Photo asked for',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  amount: 'Amount',
  category: 'Photo',
  from: 'From',
  to: 'To',
  orderNumber: 'Order',
  patient: 'Patient',
  staffId: 'Staff member',
  severity: 'How bad',
  toUrgentQueue: 'Sent to the urgent clinical queue',
};
const PHOTO_CATEGORIES: Record<string, string> = { I: 'Photo ID', W: 'Full-length photo', P: 'Prescription', H: 'Hair-loss progress photo', S: 'Photo sent to support' };
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+Z)?$/;

function detailName(key: string): string {
  if (DETAIL_NAMES[key]) return DETAIL_NAMES[key];
  const spaced = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function detailValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'amount' && typeof value === 'number') return formatPrice(value);
  if (key === 'reasonCode' && typeof value === 'string') return REJECTION_REASON_NAMES[value as RejectionReasonCode] ?? value;
  if (key === 'carrier' && typeof value === 'string') return CARRIER_NAMES[value as Carrier] ?? value;
  if (key === 'category' && typeof value === 'string') return PHOTO_CATEGORIES[value] ?? value;
  if (key === 'severity' && typeof value === 'string') return SIDE_EFFECT_SEVERITY_NAMES[value as SideEffectSeverity] ?? value;
  if (typeof value === 'string') {
    const date = ISO_INSTANT.exec(value);
    return date ? calendarDateText(date[1]!) : value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => detailValue(key, item)).join(', ');
  return auditDetailsText(value as Record<string, unknown>) || 'none';
}

/** An audit row's details as 'Reason: BMI not eligible · Photo asked for: No', never JSON. */
export function auditDetailsText(details: Readonly<Record<string, unknown>> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => `${detailName(key)}: ${detailValue(key, value)}`)
    .join(' · ');
}

export const AUDIT_PAGE_SIZE = 50;

/** The filters of the audit log page and of its CSV export: the same rows either way. */
export const auditLogFilterSchema = z.object({
  orderNumber: clinicText(64)
    .transform((value) => normaliseOrderNumber(value))
    .optional()
    .describe('An order number, as typed (case and spaces do not matter)'),
  patient: clinicText(200)
    .transform((value) => value.trim())
    .optional()
    .describe("Part of the patient's name or email"),
  staffId: z.uuid({ error: 'is not a staff member' }).optional().describe("The staff member's public id"),
  from: z.iso.date().optional().describe('First day (UK), YYYY-MM-DD; 30 days before `to` when left out'),
  to: z.iso.date().optional().describe('Last day included (UK), YYYY-MM-DD; today when left out'),
});
export type AuditLogFilter = z.input<typeof auditLogFilterSchema>;

export const auditLogQuerySchema = auditLogFilterSchema.extend({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who acted; null when the patient did, on their own record (a side-effect report). */
  staff: z.object({ name: z.string(), role: z.enum(STAFF_ROLES) }).nullable(),
  /** The action in words ('Read the consultation answers'). */
  action: z.string(),
  patient: z.object({ name: z.string() }).nullable(),
  orderNumber: z.string().nullable(),
  /** The details in words ('Reason: BMI not eligible'), empty when none. */
  details: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  /** The range read, after defaults: the page shows it. */
  from: z.string(),
  to: z.string(),
  /** Every member of staff, for the filter. */
  staff: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) })),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
