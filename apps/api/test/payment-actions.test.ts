import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentGatewayError, type PaymentGateway } from '../src/adapters/payment-gateway/port';
import { notifications } from '../src/db/schema/notifications';
import { orderEvents, orders } from '../src/db/schema/orders';
import { sandboxPayments, sandboxRequests } from '../src/db/schema/sandbox-gateway';
import { workRefunds } from '../src/workflows/decide-order';
import { workPaymentActions } from '../src/workflows/payment-actions';
import { createTestContext, type TestContext } from './support/app';
import { signedInPatient } from './support/patients';
import { orderInReview, signedInStaff, type SignedInStaff, NO_GP_CONSENT, verifyPatient } from './support/staff';

/**
 * The provider's calls time out (the Checkout.com adapter's answer to no reply within its limit) for the next `n`
 * captures or voids, then reach the provider as usual.
 */
function timingOut(gateway: PaymentGateway, failures: { capture: number; void: number; refund: number; calls: { capture: number; void: number; refund: number } }): PaymentGateway {
  const timeout = () => new PaymentGatewayError('The payment provider did not answer', 'unavailable');
  return {
    ...gateway,
    async capture(...args) {
      failures.calls.capture += 1;
      if (failures.capture > 0) {
        failures.capture -= 1;
        throw timeout();
      }
      return gateway.capture(...args);
    },
    async refund(...args) {
      failures.calls.refund += 1;
      if (failures.refund > 0) {
        failures.refund -= 1;
        throw timeout();
      }
      return gateway.refund(...args);
    },
    async void(...args) {
      failures.calls.void += 1;
      if (failures.void > 0) {
        failures.void -= 1;
        throw timeout();
      }
      return gateway.void(...args);
    },
  };
}

async function until(done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('money moved after a decision, when the provider times out', () => {
  const failures = { capture: 0, void: 0, refund: 0, calls: { capture: 0, void: 0, refund: 0 } };
  let ctx: TestContext;
  let prescriber: SignedInStaff;
  beforeAll(async () => {
    ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' }, { runJobs: true, wrapPaymentGateway: (gateway) => timingOut(gateway, failures) });
    prescriber = await signedInStaff(ctx, 'prescriber');
    await workPaymentActions(ctx.jobs, ctx.app.paymentActions);
    await workRefunds(ctx.jobs, ctx.app.orderDecisions);
  }, 120_000);
  afterAll(() => ctx?.close());

  const db = () => ctx.database.db;
  const orderRow = async (number: string) => (await db().select().from(orders).where(eq(orders.number, number)))[0]!;
  const decide = async (number: string, path: string, payload?: object) => {
    // A weight-loss medicine is approved on verified weight, height and identity (issue 33).
    if (path === 'approve') await verifyPatient(ctx, prescriber, number);
    return ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${number}/${path}`, headers: { cookie: prescriber.cookie }, ...(payload ? { payload } : {}) });
  };
  const requestsAtProvider = async (operation: string, number: string) =>
    db().select().from(sandboxRequests).where(and(eq(sandboxRequests.operation, operation), eq(sandboxRequests.idempotencyKey, `order:${number}:${operation}`)));
  const events = async (number: string, event: string) =>
    db().select().from(orderEvents).where(and(eq(orderEvents.orderId, (await orderRow(number)).id), eq(orderEvents.event, event)));

  it('captures an approved order once, by retrying, after its first two capture calls time out', async () => {
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    failures.capture = 2;
    failures.calls.capture = 0;
    const approved = await decide(orderNumber, 'approve', NO_GP_CONSENT);
    // The approval stands; the money is still only held, and a job will take it.
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'approved', paymentState: 'authorised', changed: true });

    await until(async () => (await orderRow(orderNumber)).paymentState === 'captured', 90_000);
    expect(failures.calls.capture).toBe(3);
    expect(await requestsAtProvider('capture', orderNumber)).toHaveLength(1);
    const [atProvider] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, orderNumber));
    expect(atProvider).toMatchObject({ status: 'captured', captured: (await orderRow(orderNumber)).total });
    expect(await events(orderNumber, 'captured')).toHaveLength(1);
    // The approval's email goes once the money is taken, once.
    const approvedMail = await db().select().from(notifications).where(and(eq(notifications.template, 'order-approved'), eq(notifications.dedupeKey, `order-approved:${orderNumber}`)));
    expect(approvedMail).toHaveLength(1);
  }, 120_000);

  it('releases a rejected order’s money once, by retrying, after its first two void calls time out', async () => {
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    failures.void = 2;
    failures.calls.void = 0;
    const rejected = await decide(orderNumber, 'reject', { reasonCode: 'other', note: 'Please book a call with us first.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'rejected', paymentState: 'authorised', changed: true });

    await until(async () => (await orderRow(orderNumber)).paymentState === 'voided', 90_000);
    expect(failures.calls.void).toBe(3);
    expect(await requestsAtProvider('void', orderNumber)).toHaveLength(1);
    const [atProvider] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, orderNumber));
    expect(atProvider).toMatchObject({ status: 'voided', captured: 0 });
    expect(await events(orderNumber, 'voided')).toHaveLength(1);
  }, 120_000);

  it('asks the patient to pay again, without retrying, when the provider refuses the capture', async () => {
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    // The hold lapsed at the provider before the approval.
    await db().update(sandboxPayments).set({ status: 'voided' }).where(eq(sandboxPayments.reference, orderNumber));
    failures.calls.capture = 0;
    const approved = await decide(orderNumber, 'approve', NO_GP_CONSENT);
    expect(approved.json(), approved.body).toMatchObject({ state: 'approved', paymentState: 'capture_failed' });
    expect(failures.calls.capture).toBe(1);
    const asked = await db().select().from(notifications).where(and(eq(notifications.template, 'payment-needed'), eq(notifications.customerId, (await orderRow(orderNumber)).customerId)));
    expect(asked).toHaveLength(1);
  });

  it('shows a capture that failed on every try to an admin as failed work, in words, and queues it again once', async () => {
    const admin = await signedInStaff(ctx, 'admin');
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    failures.capture = 1_000;
    failures.calls.capture = 0;
    expect((await decide(orderNumber, 'approve', NO_GP_CONSENT)).json()).toMatchObject({ state: 'approved', paymentState: 'authorised' });
    // Its last try, now: rather than wait out the eleven retries of the queue's policy.
    const { id: orderId } = await orderRow(orderNumber);
    await db().execute(sql`update pgboss.job set retry_limit = 0, start_after = now() where name = 'order-payments' and (data->>'orderId')::int = ${orderId} and state in ('created', 'retry')`);
    const failedWork = () => ctx.app.inject({ method: 'GET', url: '/shop-api/clinic/failed-work', headers: { cookie: admin.cookie } });
    const mine = async () => {
      const listed = await failedWork();
      expect(listed.statusCode, listed.body).toBe(200);
      return listed.json().items.filter((item: { what: string }) => item.what.includes(orderNumber));
    };
    await until(async () => (await mine()).length === 1, 60_000);
    const [item] = await mine();
    expect(item).toMatchObject({ kind: "Payment after a clinician's decision", what: `Take the payment held for order ${orderNumber}`, reason: 'The payment provider did not answer the capture' });
    expect((await ctx.app.inject({ method: 'GET', url: '/shop-api/clinic/failed-work', headers: { cookie: prescriber.cookie } })).statusCode).toBe(403);

    failures.capture = 0;
    const retry = () => ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/failed-work/${item.id}/retry`, headers: { cookie: admin.cookie } });
    const [first, second] = await Promise.all([retry(), retry()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 404]);
    expect(await mine()).toEqual([]);
    await until(async () => (await orderRow(orderNumber)).paymentState === 'captured', 60_000);
    expect(await requestsAtProvider('capture', orderNumber)).toHaveLength(1);
    expect(await events(orderNumber, 'captured')).toHaveLength(1);
  }, 150_000);

  it('keeps a refund the provider did not answer and sends it once by itself, telling the clinic it is on its way', async () => {
    const admin = await signedInStaff(ctx, 'admin');
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    failures.capture = 0;
    await decide(orderNumber, 'approve', NO_GP_CONSENT);
    await until(async () => (await orderRow(orderNumber)).paymentState === 'captured', 60_000);
    const { total } = await orderRow(orderNumber);
    failures.refund = 2;
    failures.calls.refund = 0;
    const refund = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/shop-api/clinic/orders/${orderNumber}/refund`,
        headers: { cookie: admin.cookie, 'idempotency-key': `refund-${orderNumber}-full` },
        payload: { amount: total, reason: 'The patient changed their mind before dispatch.' },
      });
    const asked = await refund();
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ paymentState: 'captured', refunded: total, remaining: 0, waitingForProvider: true });

    await until(async () => (await orderRow(orderNumber)).paymentState === 'refunded', 90_000);
    expect(failures.calls.refund).toBe(3);
    const refundsAtProvider = await db().select().from(sandboxRequests).where(and(eq(sandboxRequests.operation, 'refund'), sql`${sandboxRequests.idempotencyKey} like ${`order:${orderNumber}:refund:%`}`));
    expect(refundsAtProvider).toHaveLength(1);
    // Recorded once: the order refunded, and its payment.
    expect((await events(orderNumber, 'refunded')).map((row) => [row.fromState, row.toState])).toEqual([
      ['approved', 'refunded'],
      ['captured', 'refunded'],
    ]);
    // Asked again with its key, it finds the refund done and sends nothing more.
    const again = (await refund()).json();
    expect(again).toMatchObject({ paymentState: 'refunded', remaining: 0 });
    expect(again).not.toHaveProperty('waitingForProvider');
    expect(failures.calls.refund).toBe(3);
  }, 150_000);
});
