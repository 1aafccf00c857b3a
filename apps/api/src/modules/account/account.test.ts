import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountHome, OrderHistoryPage, SubscriptionView } from '@elmwood/domain';
import { orderEvents, orders } from '../../db/schema/orders';
import { subscriptionRenewals, subscriptions } from '../../db/schema/subscriptions';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { insertOrder, signedInPatientWithId } from '../../../test/support/account';
import { placedOrderNumber } from '../../../test/support/orders';

// Monday 23 November 2026, 10:00 in London: an order now is delivered by Wednesday 25th.
const NOW = new Date('2026-11-23T10:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
});
afterAll(() => ctx.close());

const patient = () => signedInPatientWithId(ctx.app, ctx.database.db);

/** The order sent out by the pharmacy at `at`, as its history records it. */
async function dispatchedAt(orderId: number, at: string) {
  await ctx.database.db.update(orders).set({ state: 'dispatched' }).where(eq(orders.id, orderId));
  await ctx.database.db
    .insert(orderEvents)
    .values({ orderId, machine: 'order', event: 'dispatched', fromState: 'approved', toState: 'dispatched', actorType: 'pharmacist', createdAt: new Date(at) });
}
const get = (cookie: string, url: string) => ctx.app.inject({ url, headers: { cookie } });
const moveTo = (cookie: string, id: string, date: string) =>
  ctx.app.inject({ method: 'PUT', url: `/shop-api/subscriptions/${id}/next-delivery`, headers: { cookie }, payload: { date } });

describe('GET /shop-api/orders', () => {
  it('pages through the patient’s own orders, newest first', async () => {
    const owner = await patient();
    const numbers: string[] = [];
    for (let day = 1; day <= 5; day += 1) {
      numbers.push((await insertOrder(ctx.database.db, owner.customerId, { createdAt: new Date(`2026-10-0${day}T09:00:00Z`), withTasks: false })).number);
    }
    await insertOrder(ctx.database.db, owner.customerId, { state: 'payment_failed', withTasks: false });
    await insertOrder(ctx.database.db, (await patient()).customerId, { withTasks: false });

    const first = (await get(owner.cookie, '/shop-api/orders?page=1&limit=2')).json<OrderHistoryPage>();
    expect(first).toMatchObject({ page: 1, pages: 3, total: 5 });
    expect(first.items.map((item) => item.id)).toEqual([numbers[4], numbers[3]]);
    expect(first.items[0]).toMatchObject({ title: 'Wegovy', subtitle: 'Ordered 5 October 2026', price: 1999, noOfItems: 1 });
    const last = (await get(owner.cookie, '/shop-api/orders?page=3&limit=2')).json<OrderHistoryPage>();
    expect(last.items.map((item) => item.id)).toEqual([numbers[0]]);
    expect((await get(owner.cookie, '/shop-api/orders?page=4&limit=2')).json<OrderHistoryPage>().items).toEqual([]);
    expect((await get(owner.cookie, '/shop-api/orders?limit=500')).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/shop-api/orders' })).statusCode).toBe(401);
  });
});

describe('GET /shop-api/account/home', () => {
  it('shows progress, the active treatment, latest orders and what else the category offers', async () => {
    const owner = await patient();
    const order = await insertOrder(ctx.database.db, owner.customerId, { subscription: { frequency: 30, nextDeliveryDate: '2026-12-01' } });
    const home = (await get(owner.cookie, '/shop-api/account/home')).json<AccountHome>();
    expect(home.progress.map((section) => [section.id, section.status])).toEqual([
      ['consultation', 'completed'],
      ['order', 'completed'],
      ['verification', 'active'],
      ['review', 'upcoming'],
      ['dispatch', 'upcoming'],
    ]);
    expect(home.activeTreatments).toEqual([
      expect.objectContaining({ subscriptionId: order.subscriptionId, title: 'Wegovy', nextDeliveryDate: '2026-12-01' }),
    ]);
    expect(home.latestOrders.map((entry) => entry.id)).toEqual([order.number]);
    // Every other weight-loss medicine is of Wegovy's class (GLP-1 receptor agonists): none is offered as well.
    expect(home.recommendedTreatments).toEqual([]);
    expect(home).toMatchObject({ appointments: [], goals: { goalWeightKg: null } });
    // No mobile app exists yet, so the account offers none.
    expect(home).not.toHaveProperty('showGetAppBanner');
  });

  it('reads the goal and starting weight from the weight points the ordered consultation gave (as the chart does)', async () => {
    const owner = await patient();
    await placedOrderNumber(ctx.app, owner.cookie);
    // The sample patient is 200 cm at BMI 32 (128 kg) and aims for 100 kg.
    expect((await get(owner.cookie, '/shop-api/account/home')).json<AccountHome>().goals).toEqual({ goalWeightKg: 80, startingWeightKg: 128 });
    await ctx.app.inject({ method: 'POST', url: '/shop-api/weight-logs', headers: { cookie: owner.cookie }, payload: { items: [{ type: 'weight', value: 90, isTargetWeight: true }] } });
    expect((await get(owner.cookie, '/shop-api/account/home')).json<AccountHome>().goals).toEqual({ goalWeightKg: 90, startingWeightKg: 128 });
  });

  it('never recommends a second medicine of the class the patient is on (a Mounjaro patient is not offered Wegovy)', async () => {
    const onMounjaro = await patient();
    await insertOrder(ctx.database.db, onMounjaro.customerId, { productCodes: ['MOUNJARO'], subscription: { frequency: 30, nextDeliveryDate: '2026-12-01' } });
    expect((await get(onMounjaro.cookie, '/shop-api/account/home')).json<AccountHome>().recommendedTreatments).toEqual([]);
    // Another category still offers what it has: a finasteride patient is shown the other hair-loss treatments.
    const hairLoss = await patient();
    await insertOrder(ctx.database.db, hairLoss.customerId, { productCodes: ['FINASTERIDE'] });
    const offered = (await get(hairLoss.cookie, '/shop-api/account/home')).json<AccountHome>().recommendedTreatments.map((product) => product.code);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain('FINASTERIDE');
  });

  it('starts a patient without orders at the consultation', async () => {
    const home = (await get((await patient()).cookie, '/shop-api/account/home')).json<AccountHome>();
    expect(home.progress[0]).toEqual({ id: 'consultation', title: 'Consultation completed', status: 'active' });
    expect(home).toMatchObject({ activeTreatments: [], latestOrders: [], recommendedTreatments: [] });
  });
});

describe('subscriptions', () => {
  it('shows a plan with its order’s timeline to its owner only', async () => {
    const owner = await patient();
    const { id: orderId, subscriptionId } = await insertOrder(ctx.database.db, owner.customerId, { subscription: { frequency: 30, nextDeliveryDate: '2026-12-01' } });
    await dispatchedAt(orderId, '2026-10-30T12:00:00Z');
    const view = (await get(owner.cookie, `/shop-api/subscriptions/${subscriptionId}`)).json<SubscriptionView>();
    expect(view).toMatchObject({
      id: subscriptionId,
      state: 'active',
      price: { current: 1999 },
      nextShipment: '2026-12-01',
      frequency: 30,
      isShippingRequired: true,
      items: [expect.objectContaining({ productName: 'Wegovy' })],
      nextDeliveryLimits: { earliest: '2026-11-25', latest: '2026-12-29' },
      nextDeliveryRefusal: null,
    });
    expect(view.order.timeline.map((step) => [step.id, step.status])).toEqual([
      ['placed', 'completed'],
      ['awaiting_patient', 'completed'],
      ['in_review', 'completed'],
      ['approved', 'completed'],
      ['dispatched', 'active'],
      ['delivered', 'upcoming'],
    ]);
    const stranger = await patient();
    expect((await get(stranger.cookie, `/shop-api/subscriptions/${subscriptionId}`)).statusCode).toBe(404);
    expect((await moveTo(stranger.cookie, subscriptionId!, '2026-12-02')).statusCode).toBe(404);
    expect((await get(owner.cookie, '/shop-api/subscriptions/nope')).statusCode).toBe(404);
  });

  it('shows a rejected order with its reason', async () => {
    const owner = await patient();
    const order = await insertOrder(ctx.database.db, owner.customerId, { subscription: { frequency: 30, nextDeliveryDate: '2026-12-01', state: 'cancelled' } });
    await ctx.database.db.update(orders).set({ state: 'rejected', rejectionReason: 'Your BMI is below the threshold.' }).where(eq(orders.id, order.id));
    const view = (await get(owner.cookie, `/shop-api/subscriptions/${order.subscriptionId}`)).json<SubscriptionView>();
    expect(view.order.timeline.at(-1)).toEqual({ id: 'rejected', title: 'Not approved', status: 'completed', reason: 'Your BMI is below the threshold.' });
    expect(view.nextDeliveryLimits).toBeNull();
  });

  it('moves the next delivery within the limits, and says why not outside them', async () => {
    const owner = await patient();
    const { id: orderId, subscriptionId } = await insertOrder(ctx.database.db, owner.customerId, { subscription: { frequency: 30, nextDeliveryDate: '2026-12-01' } });
    await dispatchedAt(orderId, '2026-10-30T12:00:00Z');
    const id = subscriptionId!;
    const early = await moveTo(owner.cookie, id, '2026-11-24');
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ code: 'INVALID_DELIVERY_DATE', message: 'The earliest we can deliver is 25 November 2026.', details: { field: 'date' } });
    expect((await moveTo(owner.cookie, id, '2026-12-30')).json().message).toBe('You can move this delivery to 29 December 2026 at the latest.');
    expect((await moveTo(owner.cookie, id, '2026-12-25')).statusCode).toBe(422);
    expect((await moveTo(owner.cookie, id, 'soon')).statusCode).toBe(400);

    const moved = await moveTo(owner.cookie, id, '2026-12-29');
    expect(moved.statusCode).toBe(200);
    expect(moved.json<SubscriptionView>()).toMatchObject({ nextShipment: '2026-12-29', nextDeliveryLimits: { latest: '2027-01-26' } });
    expect((await moveTo(owner.cookie, id, '2026-11-25')).json<SubscriptionView>().nextShipment).toBe('2026-11-25');

    await ctx.database.db.update(subscriptions).set({ state: 'paused' }).where(eq(subscriptions.id, id));
    expect((await moveTo(owner.cookie, id, '2026-11-26')).json().message).toBe('Only an active plan can have its delivery date changed.');
  });
});

describe('stockpiling', () => {
  const inReviewMessage = (number: string) =>
    `Your order ${number} is with our prescriber, so your delivery date cannot change until they have decided. We will email you as soon as they have.`;

  it('moves nothing while the first order waits for the prescriber, then no sooner than the supply allows', async () => {
    const owner = await patient();
    const order = await insertOrder(ctx.database.db, owner.customerId, { subscription: { frequency: 30, nextDeliveryDate: '2026-12-23' } });
    const id = order.subscriptionId!;
    // Before the prescriber has decided: no date, and the page says why.
    const waiting = await moveTo(owner.cookie, id, '2026-11-25');
    expect(waiting.statusCode).toBe(422);
    expect(waiting.json()).toMatchObject({ code: 'INVALID_DELIVERY_DATE', message: inReviewMessage(order.number) });
    expect((await get(owner.cookie, `/shop-api/subscriptions/${id}`)).json<SubscriptionView>()).toMatchObject({ nextDeliveryLimits: null, nextDeliveryRefusal: inReviewMessage(order.number) });
    await ctx.database.db.update(orders).set({ state: 'in_review' }).where(eq(orders.id, order.id));
    expect((await moveTo(owner.cookie, id, '2026-11-25')).json().message).toBe(inReviewMessage(order.number));

    // Approved, about to go out today (23 November): the next supply no sooner than 23 + 30 − 7 days, 16 December.
    await ctx.database.db.update(orders).set({ state: 'approved' }).where(eq(orders.id, order.id));
    expect((await get(owner.cookie, `/shop-api/subscriptions/${id}`)).json<SubscriptionView>().nextDeliveryLimits).toEqual({ earliest: '2026-12-16', latest: '2027-01-20' });
    expect((await moveTo(owner.cookie, id, '2026-11-25')).json().message).toBe('The earliest we can deliver is 16 December 2026.');
    expect((await moveTo(owner.cookie, id, '2026-12-15')).statusCode).toBe(422);
    await dispatchedAt(order.id, '2026-11-23T11:00:00Z');
    expect((await moveTo(owner.cookie, id, '2026-12-15')).json().message).toBe('The earliest we can deliver is 16 December 2026.');
    const moved = await moveTo(owner.cookie, id, '2026-12-16');
    expect(moved.statusCode).toBe(200);
    expect(moved.json<SubscriptionView>().nextShipment).toBe('2026-12-16');
  });

  it('counts from the last renewal dispatched, and waits while a renewal is with the prescriber', async () => {
    const owner = await patient();
    const first = await insertOrder(ctx.database.db, owner.customerId, { subscription: { frequency: 30, nextDeliveryDate: '2026-12-10' }, withTasks: false });
    await dispatchedAt(first.id, '2026-10-05T12:00:00Z');
    const renewal = await insertOrder(ctx.database.db, owner.customerId, { state: 'in_review', withTasks: false });
    await ctx.database.db.insert(subscriptionRenewals).values({ subscriptionId: first.subscriptionId!, orderId: renewal.id, deliveryDate: '2026-11-09', chargeDate: '2026-11-06' });
    expect((await moveTo(owner.cookie, first.subscriptionId!, '2026-11-25')).json().message).toBe(inReviewMessage(renewal.number));
    // The renewal went out on 9 November: nothing before 2 December.
    await dispatchedAt(renewal.id, '2026-11-09T12:00:00Z');
    expect((await moveTo(owner.cookie, first.subscriptionId!, '2026-12-01')).json().message).toBe('The earliest we can deliver is 2 December 2026.');
    expect((await moveTo(owner.cookie, first.subscriptionId!, '2026-12-02')).statusCode).toBe(200);
  });
});

describe('the API document', () => {
  it('describes the account, task and clinic routes', async () => {
    const paths = Object.keys((await ctx.app.inject({ url: '/shop-api/docs/json' })).json().paths);
    for (const path of [
      '/shop-api/account/home',
      '/shop-api/orders',
      '/shop-api/subscriptions/{id}',
      '/shop-api/subscriptions/{id}/next-delivery',
      '/shop-api/tasks',
      '/shop-api/tasks/{id}/complete',
      '/shop-api/clinic/uploads/{id}',
      '/shop-api/me/payment-tokens',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
