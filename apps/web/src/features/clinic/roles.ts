import type { StaffRole } from '@elmwood/domain';

/** Who may use what, as the API decides it (apps/api/src/modules/clinic/routes.ts); the console only hides the rest. */
export const CAN = {
  seeReviews: ['prescriber', 'pharmacist', 'admin'],
  /** Letters to patients' GPs: printed and posted by the clinical team. */
  postLetters: ['prescriber', 'pharmacist', 'admin'],
  /** The conversation on an order between the patient and the prescriber. */
  readOrderMessages: ['prescriber', 'pharmacist', 'admin'],
  writeToPatient: ['prescriber'],
  decide: ['prescriber'],
  /** Own, act on and close an urgent clinical item. */
  actOnUrgent: ['prescriber'],
  /** An order with nothing to prescribe (supplements, cosmetics): a pharmacist releases it for dispatch. */
  release: ['pharmacist'],
  seeDispatch: ['pharmacist', 'admin'],
  dispatch: ['pharmacist'],
  seePhotos: ['prescriber', 'pharmacist', 'admin'],
  answerSupport: ['support', 'admin'],
  /** An order not yet decided, when the patient asks or their account is to be deleted. */
  cancelOrders: ['support', 'admin'],
  confirmDeletions: ['support', 'admin'],
  settleStuckMessages: ['admin'],
  retryFailedWork: ['admin'],
  readAuditLog: ['admin'],
  /** A subject access request: the patient's whole record, clinical and not, as one archive. */
  exportPatientData: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export function can(role: StaffRole, action: keyof typeof CAN): boolean {
  return (CAN[action] as readonly StaffRole[]).includes(role);
}

export const ROLE_NAMES: Record<StaffRole, string> = {
  prescriber: 'Prescriber',
  pharmacist: 'Pharmacist',
  support: 'Support',
  admin: 'Admin',
};

/** Where a member lands after signing in: the queue their work starts from. */
export function homeFor(role: StaffRole): string {
  if (role === 'pharmacist') return '/clinic/dispatch';
  if (role === 'support') return '/clinic/support';
  return '/clinic/reviews';
}
