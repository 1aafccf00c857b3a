import { defineLifecycle } from '../lifecycle/machine';
import type { LifecycleActor } from '../lifecycle/actors';

/**
 * A plan's life between deliveries (SPEC §3 Subscription). Before each supply a weight-loss patient answers a
 * check-in; the renewal is then an order of its own, reviewed and charged like the first.
 * active → renewal_due (check-in issued) → renewal_ordered → active (renewal charged; dates move on);
 * or paused, payment_failed (retries) → suspended, check_in_overdue, cancelled.
 */
export const SUBSCRIPTION_STATES = [
  'active',
  'renewal_due',
  'check_in_overdue',
  'renewal_ordered',
  'payment_failed',
  'paused',
  'suspended',
  'cancelled',
] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export type SubscriptionEffect =
  | 'issue_check_in'
  | 'create_renewal_order'
  | 'advance_dates'
  | 'move_dates'
  | 'schedule_charge_retry'
  | 'notify_renewal_coming'
  | 'notify_payment_failed'
  | 'notify_suspended'
  | 'notify_paused'
  | 'notify_cancelled'
  | 'cancel_scheduled_work';

export type SubscriptionEvent =
  | 'renewal_due'
  | 'check_in_answered'
  | 'check_in_overdue'
  | 'renewal_charged'
  | 'charge_failed'
  | 'suspended'
  | 'paused'
  | 'resumed'
  | 'skipped'
  | 'renewal_rejected'
  | 'cancelled';

const STAFF_WHO_HELP_PATIENTS = ['support', 'admin'] as const;

export const SUBSCRIPTION_LIFECYCLE = defineLifecycle<SubscriptionState, SubscriptionEvent, LifecycleActor, SubscriptionEffect>(SUBSCRIPTION_STATES, {
  renewal_due: { from: ['active'], to: 'renewal_due', by: ['job'], effects: ['issue_check_in', 'notify_renewal_coming'] },
  check_in_answered: { from: ['renewal_due', 'check_in_overdue'], to: 'renewal_ordered', by: ['patient', 'job'], effects: ['create_renewal_order'] },
  // No supply without a current check-in: the plan waits for the patient.
  check_in_overdue: { from: ['renewal_due'], to: 'check_in_overdue', by: ['job'], effects: [] },
  renewal_charged: { from: ['renewal_ordered', 'payment_failed'], to: 'active', by: ['gateway', 'job'], effects: ['advance_dates'] },
  charge_failed: { from: ['renewal_ordered', 'payment_failed'], to: 'payment_failed', by: ['gateway', 'job'], effects: ['schedule_charge_retry', 'notify_payment_failed'] },
  suspended: { from: ['payment_failed'], to: 'suspended', by: ['job'], effects: ['notify_suspended', 'cancel_scheduled_work'] },
  paused: { from: ['active', 'renewal_due', 'check_in_overdue'], to: 'paused', by: ['patient', ...STAFF_WHO_HELP_PATIENTS], effects: ['move_dates', 'cancel_scheduled_work', 'notify_paused'] },
  resumed: { from: ['paused', 'suspended'], to: 'active', by: ['patient', ...STAFF_WHO_HELP_PATIENTS, 'job'], effects: ['move_dates'] },
  skipped: { from: ['active', 'renewal_due', 'check_in_overdue'], to: 'active', by: ['patient', ...STAFF_WHO_HELP_PATIENTS], effects: ['move_dates', 'cancel_scheduled_work'] },
  renewal_rejected: { from: ['renewal_ordered'], to: 'suspended', by: ['prescriber'], effects: ['notify_suspended'] },
  cancelled: {
    from: ['active', 'renewal_due', 'check_in_overdue', 'renewal_ordered', 'payment_failed', 'paused', 'suspended'],
    to: 'cancelled',
    by: ['patient', ...STAFF_WHO_HELP_PATIENTS],
    effects: ['cancel_scheduled_work', 'notify_cancelled'],
  },
});

/** Plans that will deliver again without anyone's action (shown as 'active' to the patient). */
export const RUNNING_SUBSCRIPTION_STATES: readonly SubscriptionState[] = ['active', 'renewal_due', 'check_in_overdue', 'renewal_ordered', 'payment_failed'];

/** The plan's state as SPEC §3 shows it to the patient: active, paused (also while suspended) or cancelled. */
export function patientPlanState(state: SubscriptionState): 'active' | 'paused' | 'cancelled' {
  if (state === 'cancelled') return 'cancelled';
  if (state === 'paused' || state === 'suspended') return 'paused';
  return 'active';
}
