import { describe, expect, it } from 'vitest';
import type { LifecycleActor } from '../lifecycle/actors';
import { decideSubscriptionEvent, SUBSCRIPTION_LIFECYCLE, type SubscriptionEvent, type SubscriptionState } from './lifecycle';

describe('subscription lifecycle', () => {
  it.each([
    ['active', 'renewal_due', 'job', 'renewal_due'],
    ['renewal_due', 'renewal_ordered', 'patient', 'renewal_ordered'],
    ['renewal_due', 'renewal_ordered', 'job', 'renewal_ordered'],
    ['check_in_overdue', 'renewal_ordered', 'patient', 'renewal_ordered'],
    ['renewal_due', 'check_in_overdue', 'job', 'check_in_overdue'],
    ['renewal_ordered', 'renewal_charged', 'gateway', 'active'],
    ['renewal_ordered', 'charge_failed', 'gateway', 'payment_failed'],
    ['payment_failed', 'charge_failed', 'job', 'payment_failed'],
    ['payment_failed', 'renewal_charged', 'job', 'active'],
    ['payment_failed', 'suspended', 'job', 'suspended'],
    ['active', 'paused', 'patient', 'paused'],
    ['renewal_due', 'paused', 'support', 'paused'],
    ['check_in_overdue', 'paused', 'patient', 'paused'],
    ['active', 'paused', 'job', 'paused'],
    ['paused', 'resumed', 'patient', 'active'],
    ['paused', 'resumed', 'job', 'active'],
    ['suspended', 'resumed', 'patient', 'active'],
    ['active', 'skipped', 'patient', 'active'],
    ['renewal_due', 'skipped', 'patient', 'active'],
    ['check_in_overdue', 'skipped', 'patient', 'active'],
    ['active', 'dose_changed', 'patient', 'active'],
    ['paused', 'dose_changed', 'patient', 'paused'],
    ['renewal_ordered', 'renewal_rejected', 'prescriber', 'suspended'],
    ['payment_failed', 'renewal_rejected', 'prescriber', 'suspended'],
    ['renewal_ordered', 'renewal_cancelled', 'support', 'suspended'],
    ['payment_failed', 'renewal_cancelled', 'admin', 'suspended'],
    ['active', 'supply_stopped', 'job', 'suspended'],
    ['renewal_due', 'supply_stopped', 'job', 'suspended'],
    ['check_in_overdue', 'supply_stopped', 'job', 'suspended'],
    ['active', 'gp_concern_raised', 'job', 'suspended'],
    ['renewal_due', 'gp_concern_raised', 'job', 'suspended'],
    ['paused', 'gp_concern_raised', 'job', 'suspended'],
    ['active', 'cancelled', 'patient', 'cancelled'],
    ['renewal_ordered', 'cancelled', 'patient', 'cancelled'],
    ['payment_failed', 'cancelled', 'patient', 'cancelled'],
    ['paused', 'cancelled', 'admin', 'cancelled'],
    ['suspended', 'cancelled', 'support', 'cancelled'],
    ['active', 'cancelled', 'job', 'cancelled'],
  ] as [SubscriptionState, SubscriptionEvent, LifecycleActor, SubscriptionState][])('%s --%s by %s--> %s', (from, event, actor, to) => {
    expect(SUBSCRIPTION_LIFECYCLE.decide(from, event, actor)).toMatchObject({ ok: true, to });
  });

  it.each([
    ['renewal_due', 'renewal_charged'],
    ['check_in_overdue', 'renewal_charged'],
    ['active', 'renewal_charged'],
    ['active', 'renewal_ordered'],
    ['paused', 'renewal_ordered'],
    ['suspended', 'renewal_ordered'],
    ['renewal_ordered', 'renewal_due'],
    ['paused', 'renewal_due'],
    ['active', 'check_in_overdue'],
    ['active', 'charge_failed'],
    ['renewal_ordered', 'suspended'],
    ['active', 'resumed'],
    ['renewal_ordered', 'paused'],
    ['payment_failed', 'paused'],
    ['renewal_ordered', 'skipped'],
    ['suspended', 'skipped'],
    ['renewal_ordered', 'dose_changed'],
    ['active', 'renewal_rejected'],
    ['active', 'renewal_cancelled'],
    ['renewal_due', 'renewal_cancelled'],
    ['paused', 'renewal_cancelled'],
    ['cancelled', 'renewal_cancelled'],
    ['renewal_ordered', 'supply_stopped'],
    ['paused', 'supply_stopped'],
    ['suspended', 'supply_stopped'],
    ['cancelled', 'supply_stopped'],
  ] as [SubscriptionState, SubscriptionEvent][])('refuses %s --%s (not from this state)', (from, event) => {
    const actor = SUBSCRIPTION_LIFECYCLE.transitions[event].by[0]!;
    expect(SUBSCRIPTION_LIFECYCLE.decide(from, event, actor)).toEqual({ ok: false, reason: 'not_from_this_state' });
  });

  it('keeps a cancelled plan cancelled', () => {
    expect(SUBSCRIPTION_LIFECYCLE.eventsFrom('cancelled')).toEqual([]);
  });

  it('lets only the patient, support or admin (or a job carrying out their request) pause, skip or cancel; only a job raises a renewal', () => {
    for (const event of ['paused', 'skipped', 'cancelled', 'dose_changed'] as const) {
      expect(SUBSCRIPTION_LIFECYCLE.decide('active', event, 'pharmacist')).toEqual({ ok: false, reason: 'not_permitted' });
    }
    // A prescriber acting on an urgent clinical item may restart or end a plan on hold, but not move the patient's dates.
    for (const event of ['paused', 'skipped', 'dose_changed'] as const) {
      expect(SUBSCRIPTION_LIFECYCLE.decide('active', event, 'prescriber')).toEqual({ ok: false, reason: 'not_permitted' });
    }
    expect(SUBSCRIPTION_LIFECYCLE.decide('suspended', 'resumed', 'prescriber')).toMatchObject({ ok: true, to: 'active' });
    expect(SUBSCRIPTION_LIFECYCLE.decide('suspended', 'cancelled', 'prescriber')).toMatchObject({ ok: true, to: 'cancelled' });
    expect(SUBSCRIPTION_LIFECYCLE.decide('active', 'dose_changed', 'job')).toEqual({ ok: false, reason: 'not_permitted' });
    expect(SUBSCRIPTION_LIFECYCLE.decide('active', 'renewal_due', 'patient')).toEqual({ ok: false, reason: 'not_permitted' });
    expect(SUBSCRIPTION_LIFECYCLE.decide('payment_failed', 'suspended', 'patient')).toEqual({ ok: false, reason: 'not_permitted' });
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_ordered', 'renewal_charged', 'patient')).toEqual({ ok: false, reason: 'not_permitted' });
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_ordered', 'renewal_rejected', 'job')).toEqual({ ok: false, reason: 'not_permitted' });
    // A renewal order is cancelled for the patient by the clinic's staff who help them, never by a prescriber or a job.
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_ordered', 'renewal_cancelled', 'prescriber')).toEqual({ ok: false, reason: 'not_permitted' });
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_ordered', 'renewal_cancelled', 'job')).toEqual({ ok: false, reason: 'not_permitted' });
    // The check-in's clinical rules stop a supply; the patient cannot stop (or undo) it by answering differently.
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_due', 'supply_stopped', 'patient')).toEqual({ ok: false, reason: 'not_permitted' });
  });

  it('names the effects: a check-in before the renewal, an order once answered, a retry after a failed charge, dates after a charge', () => {
    expect(SUBSCRIPTION_LIFECYCLE.decide('active', 'renewal_due', 'job')).toMatchObject({ effects: ['issue_check_in'] });
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_due', 'renewal_ordered', 'patient')).toMatchObject({ effects: ['create_renewal_order'] });
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_ordered', 'charge_failed', 'gateway')).toMatchObject({ effects: ['schedule_charge_retry', 'notify_payment_failed'] });
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_ordered', 'renewal_charged', 'gateway')).toMatchObject({ effects: ['advance_dates'] });
    expect(SUBSCRIPTION_LIFECYCLE.decide('payment_failed', 'suspended', 'job')).toMatchObject({ effects: ['cancel_renewal_order', 'notify_suspended'] });
    expect(SUBSCRIPTION_LIFECYCLE.decide('active', 'paused', 'patient')).toMatchObject({ effects: ['move_dates', 'notify_plan_changed'] });
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_due', 'supply_stopped', 'job')).toMatchObject({ effects: ['open_urgent_clinical_item', 'notify_supply_stopped'] });
    expect(SUBSCRIPTION_LIFECYCLE.decide('renewal_ordered', 'renewal_cancelled', 'support')).toMatchObject({ effects: ['notify_suspended'] });
  });
});

describe('decideSubscriptionEvent (the check-in guard)', () => {
  it('orders no renewal of a plan that needs a check-in until it is answered', () => {
    expect(decideSubscriptionEvent({ state: 'renewal_due', checkIn: 'missing' }, 'renewal_ordered', 'job')).toEqual({ ok: false, reason: 'check_in_missing' });
    expect(decideSubscriptionEvent({ state: 'check_in_overdue', checkIn: 'missing' }, 'renewal_ordered', 'patient')).toEqual({ ok: false, reason: 'check_in_missing' });
    expect(decideSubscriptionEvent({ state: 'renewal_due', checkIn: 'answered' }, 'renewal_ordered', 'patient')).toMatchObject({ ok: true, to: 'renewal_ordered' });
    expect(decideSubscriptionEvent({ state: 'renewal_due', checkIn: 'not_needed' }, 'renewal_ordered', 'job')).toMatchObject({ ok: true, to: 'renewal_ordered' });
  });

  it('leaves other events and refusals to the table', () => {
    expect(decideSubscriptionEvent({ state: 'active', checkIn: 'missing' }, 'paused', 'patient')).toMatchObject({ ok: true, to: 'paused' });
    expect(decideSubscriptionEvent({ state: 'active', checkIn: 'answered' }, 'renewal_ordered', 'job')).toEqual({ ok: false, reason: 'not_from_this_state' });
    expect(decideSubscriptionEvent({ state: 'renewal_due', checkIn: 'missing' }, 'renewal_ordered', 'pharmacist')).toEqual({ ok: false, reason: 'not_permitted' });
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
