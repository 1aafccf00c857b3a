import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_LIFECYCLE, type SubscriptionEvent, type SubscriptionState } from './lifecycle';

describe('subscription lifecycle', () => {
  it.each([
    ['active', 'renewal_due', 'job', 'renewal_due'],
    ['renewal_due', 'check_in_answered', 'patient', 'renewal_ordered'],
    ['check_in_overdue', 'check_in_answered', 'patient', 'renewal_ordered'],
    ['renewal_due', 'check_in_overdue', 'job', 'check_in_overdue'],
    ['renewal_ordered', 'renewal_charged', 'gateway', 'active'],
    ['renewal_ordered', 'charge_failed', 'gateway', 'payment_failed'],
    ['payment_failed', 'charge_failed', 'job', 'payment_failed'],
    ['payment_failed', 'renewal_charged', 'job', 'active'],
    ['payment_failed', 'suspended', 'job', 'suspended'],
    ['active', 'paused', 'patient', 'paused'],
    ['renewal_due', 'paused', 'support', 'paused'],
    ['paused', 'resumed', 'patient', 'active'],
    ['suspended', 'resumed', 'patient', 'active'],
    ['active', 'skipped', 'patient', 'active'],
    ['check_in_overdue', 'skipped', 'patient', 'active'],
    ['renewal_ordered', 'renewal_rejected', 'prescriber', 'suspended'],
    ['active', 'cancelled', 'patient', 'cancelled'],
    ['paused', 'cancelled', 'admin', 'cancelled'],
    ['suspended', 'cancelled', 'support', 'cancelled'],
  ] as [SubscriptionState, SubscriptionEvent, 'job' | 'patient' | 'gateway' | 'support' | 'admin' | 'prescriber', SubscriptionState][])(
    '%s --%s by %s--> %s',
    (from, event, actor, to) => {
      expect(SUBSCRIPTION_LIFECYCLE.decide(from, event, actor)).toMatchObject({ ok: true, to });
    },
  );

  it('supplies nothing without a check-in: an overdue plan cannot be charged', () => {
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_due', 'renewal_charged', 'job')).toEqual({ ok: false, reason: 'not_from_this_state' });
    expect(SUBSCRIPTION_LIFECYCLE.decide('check_in_overdue', 'renewal_charged', 'job')).toEqual({ ok: false, reason: 'not_from_this_state' });
  });

  it('charges a renewal once: an active plan is not charged again', () => {
    expect(SUBSCRIPTION_LIFECYCLE.decide('active', 'renewal_charged', 'gateway')).toEqual({ ok: false, reason: 'not_from_this_state' });
  });

  it('keeps a cancelled plan cancelled', () => {
    expect(SUBSCRIPTION_LIFECYCLE.eventsFrom('cancelled')).toEqual([]);
  });

  it('lets only the patient, support or admin pause, skip or cancel; only a job raises a renewal', () => {
    for (const event of ['paused', 'skipped', 'cancelled'] as const) {
      expect(SUBSCRIPTION_LIFECYCLE.decide('active', event, 'pharmacist')).toEqual({ ok: false, reason: 'not_permitted' });
      expect(SUBSCRIPTION_LIFECYCLE.decide('active', event, 'job')).toEqual({ ok: false, reason: 'not_permitted' });
    }
    expect(SUBSCRIPTION_LIFECYCLE.decide('active', 'renewal_due', 'patient')).toEqual({ ok: false, reason: 'not_permitted' });
  });

  it('names the effects: a check-in before the renewal, a retry after a failed charge', () => {
    expect(SUBSCRIPTION_LIFECYCLE.decide('active', 'renewal_due', 'job')).toMatchObject({ effects: ['issue_check_in', 'notify_renewal_coming'] });
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_ordered', 'charge_failed', 'gateway')).toMatchObject({ effects: ['schedule_charge_retry', 'notify_payment_failed'] });
  });
});

describe('defineLifecycle', () => {
  it('refuses a table that names a state it does not have', async () => {
    const { defineLifecycle } = await import('../lifecycle/machine');
    expect(() => defineLifecycle(['a', 'b'] as const, { go: { from: ['a'], to: 'c' as 'b', by: ['x'], effects: [] } })).toThrow('unknown state c');
  });
});

describe('patientPlanState', () => {
  it('shows every running state as active, a suspended plan as paused', async () => {
    const { patientPlanState } = await import('./lifecycle');
    expect(['active', 'renewal_due', 'check_in_overdue', 'renewal_ordered', 'payment_failed'].map((state) => patientPlanState(state as never))).toEqual(Array(5).fill('active'));
    expect(patientPlanState('paused')).toBe('paused');
    expect(patientPlanState('suspended')).toBe('paused');
    expect(patientPlanState('cancelled')).toBe('cancelled');
  });
});
