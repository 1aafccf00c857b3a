/** The clinic's staff roles (issue: clinic console); a prescriber records a GPhC or GMC registration. */
export const STAFF_ROLES = ['prescriber', 'pharmacist', 'support', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Who raises a lifecycle event: the patient, a member of staff in a role, the payment provider's answer
 * ('gateway', through the checkout or a verified notification) or a scheduled job.
 */
export const LIFECYCLE_ACTORS = ['patient', ...STAFF_ROLES, 'gateway', 'job'] as const;
export type LifecycleActor = (typeof LIFECYCLE_ACTORS)[number];
