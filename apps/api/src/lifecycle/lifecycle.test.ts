import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders';
import { createTestContext, type TestContext } from '../../test/support/app';
import { insertOrder, signedInPatientWithId } from '../../test/support/account';
import { applyOrderEvent, applyOrderPaymentEvent, applySubscriptionEvent, LifecycleActorError, orderHistory, subscriptionHistory } from './index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const prescriber = { type: 'prescriber', id: 'staff-7' } as const;
const stateOf = async (orderId: number) => (await db().select({ state: orders.state, paymentState: orders.paymentState }).from(orders).where(eq(orders.id, orderId)))[0]!;

async function orderIn(state: string) {
  const patient = await signedInPatientWithId(ctx.app, db());
  const order = await insertOrder(db(), patient.customerId, { state, withTasks: false, subscription: { frequency: 30, nextDeliveryDate: '2026-12-20' } });
  return { ...order, customerId: patient.customerId };
}

describe('applying order events', () => {
  it('moves the order once and records who did it, even when ten approvals arrive at once', async () => {
    const order = await orderIn('in_review');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => db().transaction((tx) => applyOrderEvent(tx, order.id, 'approved', prescriber, { data: { note: 'BMI 32' } }))),
    );
    const applied = results.filter((result) => result.applied);
    expect(applied).toEqual([{ applied: true, from: 'in_review', to: 'approved', effects: ['capture_payment', 'notify_approved', 'credit_referrer', 'offer_reminder_set_up', 'offer_first_coach_call', 'write_gp_letter'] }]);
    expect(results.filter((result) => !result.applied)).toEqual(Array.from({ length: 9 }, () => ({ applied: false, reason: 'not_from_this_state' })));
    expect((await stateOf(order.id)).state).toBe('approved');
    expect(await orderHistory(db(), order.id)).toMatchObject([
      { machine: 'order', event: 'approved', fromState: 'in_review', toState: 'approved', actorType: 'prescriber', actorId: 'staff-7', data: { note: 'BMI 32' } },
    ]);
  });

  it('keeps the clinician’s reason on a rejected order', async () => {
    const order = await orderIn('awaiting_patient');
    await applyOrderEvent(db(), order.id, 'rejected', prescriber, { reason: 'Your BMI is below the range for this treatment.' });
    const [row] = await db().select({ state: orders.state, reason: orders.rejectionReason }).from(orders).where(eq(orders.id, order.id));
    expect(row).toEqual({ state: 'rejected', reason: 'Your BMI is below the range for this treatment.' });
  });

  it('refuses to dispatch before the money is taken, then dispatches once it is', async () => {
    const order = await orderIn('approved');
    const pharmacist = { type: 'pharmacist', id: 'staff-9' } as const;
    expect(await applyOrderEvent(db(), order.id, 'dispatched', pharmacist)).toEqual({ applied: false, reason: 'payment_not_ready' });
    expect(await applyOrderPaymentEvent(db(), order.id, 'captured', { type: 'gateway' })).toMatchObject({ applied: true, from: 'authorised', to: 'captured' });
    expect(await applyOrderPaymentEvent(db(), order.id, 'captured', { type: 'gateway' })).toEqual({ applied: false, reason: 'not_from_this_state' });
    expect(await applyOrderEvent(db(), order.id, 'dispatched', pharmacist)).toMatchObject({ applied: true, to: 'dispatched' });
    expect((await orderHistory(db(), order.id)).map((row) => [row.machine, row.event])).toEqual([
      ['payment', 'captured'],
      ['order', 'dispatched'],
    ]);
  });

  it('throws when someone the table does not allow raises an event, and changes nothing', async () => {
    const order = await orderIn('in_review');
    await expect(db().transaction((tx) => applyOrderEvent(tx, order.id, 'approved', { type: 'patient', id: 1 }))).rejects.toBeInstanceOf(LifecycleActorError);
    expect((await stateOf(order.id)).state).toBe('in_review');
    expect(await orderHistory(db(), order.id)).toEqual([]);
  });

  it('answers not_found for an order that does not exist', async () => {
    expect(await applyOrderEvent(db(), 2_000_000_000, 'approved', prescriber)).toEqual({ applied: false, reason: 'not_found' });
  });
});

describe('applying subscription events', () => {
  it('pauses a plan once and records it, resumes it, and keeps a cancelled plan cancelled', async () => {
    const order = await orderIn('approved');
    const plan = { id: order.subscriptionId! };
    const patient = { type: 'patient', id: order.customerId } as const;
    const twice = await Promise.all([0, 1].map(() => db().transaction((tx) => applySubscriptionEvent(tx, plan!.id, 'paused', patient))));
    expect(twice.filter((result) => result.applied)).toHaveLength(1);
    expect(await applySubscriptionEvent(db(), plan!.id, 'resumed', patient)).toMatchObject({ applied: true, from: 'paused', to: 'active' });
    expect(await applySubscriptionEvent(db(), plan!.id, 'cancelled', patient, { reason: 'Reached my goal' })).toMatchObject({ applied: true, to: 'cancelled' });
    expect(await applySubscriptionEvent(db(), plan!.id, 'resumed', patient)).toEqual({ applied: false, reason: 'not_from_this_state' });
    expect((await subscriptionHistory(db(), plan!.id)).map((row) => [row.event, row.fromState, row.toState, row.reason])).toEqual([
      ['paused', 'active', 'paused', null],
      ['resumed', 'paused', 'active', null],
      ['cancelled', 'active', 'cancelled', 'Reached my goal'],
    ]);
  });
});
