import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_PAYMENT_MINUTES } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../test/support/app';
import { deliverNotifications } from '../../test/support/notifications';
import { finishSandboxAction, placeOrder, SANDBOX_CARDS } from '../../test/support/orders';
import { signedInPatient } from '../../test/support/patients';
import { carts } from '../db/schema/cart';
import { mailOutbox } from '../db/schema/customers';
import { orderEvents, orders } from '../db/schema/orders';
import { payments } from '../db/schema/payments';
import { subscriptions } from '../db/schema/subscriptions';
import { sandboxPayments, sandboxRequests } from '../db/schema/sandbox-gateway';
import { sweepStalePayments } from './stale-payments';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const MULTIVITAMIN = { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 1 } as const;
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const sweep = (now: Date) => sweepStalePayments({ db: db(), orders: ctx.app.orders, onError: (error) => { throw error; } }, now);
const orderRow = async (number: string) => (await db().select().from(orders).where(eq(orders.number, number)))[0]!;
const atGateway = async (reference: string) => db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
const voidsOf = async (paymentId: string) => db().select().from(sandboxRequests).where(and(eq(sandboxRequests.operation, 'void'), eq(sandboxRequests.paymentId, paymentId)));

/**
 * An order as a crash leaves it between the gateway's authorisation and the shop recording it: the order and its
 * pending payment committed (step 1), the gateway holding an authorisation under the order's number (step 2),
 * nothing recorded (step 3 never ran). Reached through the API with a 3-D Secure card finished at the bank's page,
 * then the payment row put back as step 1 wrote it.
 */
async function crashedAfterAuthorisation(cookie: string) {
  const placed = await placeOrder(ctx.app, cookie, { card: SANDBOX_CARDS.challenges });
  const { url, orderNumber } = placed.reply.json() as { url: string; orderNumber: string };
  await finishSandboxAction(ctx.app, url, 'complete');
  const order = await orderRow(orderNumber);
  await db().update(payments).set({ state: 'pending', gatewayPaymentId: null, challengeUrl: null }).where(eq(payments.orderId, order.id));
  const [authorisation] = await atGateway(orderNumber);
  expect(authorisation).toMatchObject({ status: 'authorised' });
  return { ...placed, orderNumber, order, paymentId: authorisation!.id };
}

describe('a new attempt replacing a pending one', () => {
  it('voids the authorisation the replaced attempt got but never recorded, once', async () => {
    const cookie = await signedInPatient(ctx.app);
    const crashed = await crashedAfterAuthorisation(cookie);
    const retry = await placeOrder(ctx.app, cookie, { cartToken: crashed.cartToken });
    expect(retry.reply.json()).toMatchObject({ status: 'placed' });
    expect(await orderRow(crashed.orderNumber)).toMatchObject({ state: 'payment_failed' });
    expect((await atGateway(crashed.orderNumber))[0]).toMatchObject({ status: 'voided' });
    expect(await voidsOf(crashed.paymentId)).toHaveLength(1);
    // The new attempt's own authorisation is untouched.
    expect((await atGateway(retry.orderNumber!))[0]).toMatchObject({ status: 'authorised' });
  });

  it('voids the replaced attempt’s challenge that the patient finished after paying again', async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie, { card: SANDBOX_CARDS.challenges });
    const { url, orderNumber } = placed.reply.json() as { url: string; orderNumber: string };
    expect((await placeOrder(ctx.app, cookie, { cartToken: placed.cartToken })).reply.json()).toMatchObject({ status: 'placed' });
    await finishSandboxAction(ctx.app, url, 'complete');
    expect((await atGateway(orderNumber))[0]).toMatchObject({ status: 'authorised' });

    // Neither the browser nor a webhook says so: the sweep finds it once the attempt is past its time.
    expect((await sweep(minutesFromNow(STALE_PAYMENT_MINUTES - 1))).checked).toBe(0);
    await Promise.all([sweep(minutesFromNow(STALE_PAYMENT_MINUTES + 1)), sweep(minutesFromNow(STALE_PAYMENT_MINUTES + 1))]);
    const [authorisation] = await atGateway(orderNumber);
    expect(authorisation).toMatchObject({ status: 'voided' });
    expect(await voidsOf(authorisation!.id)).toHaveLength(1);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, (await orderRow(orderNumber)).id));
    expect(payment).toMatchObject({ state: 'released' });
    // Settled: later sweeps leave it alone.
    expect((await sweep(minutesFromNow(STALE_PAYMENT_MINUTES + 2))).checked).toBe(0);
  });
});

describe('sweeping payments nobody finished', () => {
  it('places an order the gateway authorised but the shop never recorded, exactly once with two sweeps at once', async () => {
    const cookie = await signedInPatient(ctx.app);
    const crashed = await crashedAfterAuthorisation(cookie);
    expect((await sweep(minutesFromNow(STALE_PAYMENT_MINUTES - 1))).placed).toBe(0);
    expect(await orderRow(crashed.orderNumber)).toMatchObject({ state: 'payment_pending' });

    const reports = await Promise.all([sweep(minutesFromNow(STALE_PAYMENT_MINUTES + 1)), sweep(minutesFromNow(STALE_PAYMENT_MINUTES + 1))]);
    expect(reports.map((report) => report.placed).sort()).toEqual([0, 1]);
    expect(await orderRow(crashed.orderNumber)).toMatchObject({ state: 'awaiting_patient', paymentState: 'authorised' });
    expect((await atGateway(crashed.orderNumber))[0]).toMatchObject({ status: 'authorised', captured: 0 });
    expect(await voidsOf(crashed.paymentId)).toHaveLength(0);
    const order = crashed.order;
    expect(await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toHaveLength(1);
    const authorised = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.event, 'authorised')));
    expect(authorised).toHaveLength(1);
    await deliverNotifications({ app: ctx.app, db: db() });
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.subject, `Your Elmwood Health order ${crashed.orderNumber}`))).toHaveLength(1);
    expect((await db().select().from(carts).where(eq(carts.token, crashed.cartToken)))[0]!.completedAt).toBeInstanceOf(Date);
  });

  it('fails an abandoned challenge as superseded by the job and unlocks the cart; a late authorisation is then voided once', async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie, { card: SANDBOX_CARDS.challenges });
    const { url, orderNumber } = placed.reply.json() as { url: string; orderNumber: string };

    const reports = await Promise.all([sweep(minutesFromNow(STALE_PAYMENT_MINUTES + 1)), sweep(minutesFromNow(STALE_PAYMENT_MINUTES + 1))]);
    expect(reports.map((report) => report.failed).sort()).toEqual([0, 1]);
    const order = await orderRow(orderNumber);
    expect(order).toMatchObject({ state: 'payment_failed', paymentState: 'declined' });
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((event) => event.machine === 'payment').map((event) => [event.event, event.actorType])).toEqual([['superseded', 'job']]);
    const added = await ctx.app.inject({ method: 'POST', url: `/shop-api/carts/${placed.cartToken}/items`, headers: { cookie }, payload: MULTIVITAMIN });
    expect(added.statusCode, added.body).toBe(201);

    // The patient finishes the bank's page in a window left open; no confirmation reaches the shop.
    await finishSandboxAction(ctx.app, url, 'complete');
    await Promise.all([sweep(minutesFromNow(2 * STALE_PAYMENT_MINUTES + 2)), sweep(minutesFromNow(2 * STALE_PAYMENT_MINUTES + 2))]);
    const [authorisation] = await atGateway(orderNumber);
    expect(authorisation).toMatchObject({ status: 'voided' });
    expect(await voidsOf(authorisation!.id)).toHaveLength(1);
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'payment_failed' });
  });

  it('fails an attempt the gateway never heard of, and leaves fresh and finished orders alone', async () => {
    const cookie = await signedInPatient(ctx.app);
    const crashed = await crashedAfterAuthorisation(cookie);
    // The gateway lost it too: nothing under the order's number.
    await db().update(sandboxPayments).set({ reference: 'elsewhere' }).where(eq(sandboxPayments.reference, crashed.orderNumber));
    const fresh = await placeOrder(ctx.app, await signedInPatient(ctx.app), { card: SANDBOX_CARDS.challenges });
    const finished = await placeOrder(ctx.app, await signedInPatient(ctx.app));
    // Only the crashed one is old enough.
    await db().update(orders).set({ createdAt: new Date(Date.now() - (STALE_PAYMENT_MINUTES + 1) * 60_000) }).where(eq(orders.id, crashed.order.id));
    await sweep(new Date());
    expect(await orderRow(crashed.orderNumber)).toMatchObject({ state: 'payment_failed' });
    expect(await orderRow(fresh.orderNumber!)).toMatchObject({ state: 'payment_pending' });
    expect((await orderRow(finished.orderNumber!)).state).toBe('awaiting_patient');
  });
});
