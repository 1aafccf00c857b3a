import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAuditLog } from '../../db/schema/clinic';
import { customers, mailOutbox } from '../../db/schema/customers';
import { orderEvents, orders } from '../../db/schema/orders';
import { sandboxPayments, sandboxRequests } from '../../db/schema/sandbox-gateway';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { deliverNotifications } from '../../../test/support/notifications';
import { placedOrderNumber } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { type ClinicTeam, orderInReview, type SignedInStaff, signedInTeam, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';

let ctx: TestContext;
let { prescriber, pharmacist, support, admin } = {} as ClinicTeam;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  ({ prescriber, pharmacist, support, admin } = await signedInTeam(ctx));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const cancel = (member: SignedInStaff, number: string, payload: unknown = { reason: 'The patient asked by phone to cancel.' }) =>
  ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${number}/cancel`, headers: { cookie: member.cookie }, payload: payload as object });
const orderRow = async (number: string) => (await db().select().from(orders).where(eq(orders.number, number)))[0]!;
const eventsOf = async (orderId: number, event: string) => db().select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.event, event)));
const voidsAtGateway = async (number: string) =>
  db().select().from(sandboxRequests).where(and(eq(sandboxRequests.operation, 'void'), eq(sandboxRequests.idempotencyKey, `order:${number}:void`)));

describe('support cancels an order not yet decided', () => {
  it('cancels once under concurrent clicks by support and admin: one transition, one void at the gateway, one email, audited', async () => {
    const patient = await signedInPatient(ctx.app);
    const { orderNumber } = await orderInReview(ctx, patient);
    const reason = 'The patient asked by phone to cancel.';
    const replies = await Promise.all([...Array.from({ length: 4 }, () => cancel(support, orderNumber, { reason })), cancel(admin, orderNumber, { reason })]);
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(5).fill(200));
    expect(replies.filter((reply) => reply.json().changed)).toHaveLength(1);
    expect(replies.map((reply) => reply.json())).toContainEqual({ orderNumber, state: 'cancelled', paymentState: 'voided', changed: true });

    const order = await orderRow(orderNumber);
    expect(order).toMatchObject({ state: 'cancelled', paymentState: 'voided' });
    const cancelled = await eventsOf(order.id, 'cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ machine: 'order', fromState: 'in_review', toState: 'cancelled', reason });
    expect(await eventsOf(order.id, 'voided')).toHaveLength(1);
    expect(await voidsAtGateway(orderNumber)).toHaveLength(1);
    const [gatewayPayment] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, orderNumber));
    expect(gatewayPayment!.status).toBe('voided');

    const audited = (await db().select().from(staffAuditLog).where(eq(staffAuditLog.orderNumber, orderNumber))).filter((row) => row.action === 'cancel-order');
    expect(audited).toEqual([expect.objectContaining({ patientId: order.customerId, resource: 'order', resourceId: orderNumber, details: { reason } })]);

    await deliverNotifications({ app: ctx.app, db: db() });
    const [{ email }] = (await db().select({ email: customers.email }).from(customers).where(eq(customers.id, order.customerId))) as [{ email: string }];
    const mails = await db().select().from(mailOutbox).where(and(eq(mailOutbox.to, email), sql`${mailOutbox.subject} like 'Your order has been cancelled%'`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('You have not been charged');
    expect(mails[0]!.text).not.toContain(reason);

    // The patient's order history shows it cancelled; nothing is left for a prescriber to decide.
    const history = (await ctx.app.inject({ url: '/shop-api/orders', headers: { cookie: patient } })).json();
    expect(history.items.find((entry: { id: string }) => entry.id === orderNumber)).toMatchObject({ state: 'cancelled' });
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${orderNumber}/approve`, headers: { cookie: prescriber.cookie }, payload: NO_GP_CONSENT })).statusCode).toBe(409);
  }, 60_000);

  it('cancels an order still waiting on the patient', async () => {
    const orderNumber = await placedOrderNumber(ctx.app, await signedInPatient(ctx.app));
    expect((await orderRow(orderNumber)).state).toBe('awaiting_patient');
    const res = await cancel(admin, orderNumber);
    expect(res.json()).toEqual({ orderNumber, state: 'cancelled', paymentState: 'voided', changed: true });
    expect(await voidsAtGateway(orderNumber)).toHaveLength(1);
  });

  it('refuses prescribers and pharmacists (403), and a missing, short or long reason (400) with a clear message', async () => {
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    expect((await cancel(prescriber, orderNumber)).statusCode).toBe(403);
    expect((await cancel(pharmacist, orderNumber)).statusCode).toBe(403);
    for (const payload of [{}, { reason: '' }, { reason: '  ab  ' }, { reason: 42 }]) {
      const res = await cancel(support, orderNumber, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('body.reason: Please give a reason for cancelling (3 to 500 characters).');
    }
    const long = await cancel(support, orderNumber, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('body.reason: Please keep the reason to 500 characters or fewer.');
    expect((await cancel(support, orderNumber, { reason: 'a\u0000b and more' })).statusCode).toBe(400);
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'in_review', paymentState: 'authorised' });
    expect(await voidsAtGateway(orderNumber)).toHaveLength(0);
  });

  it('refuses an order already decided (409) and an unknown one (404)', async () => {
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    await verifyPatient(ctx, prescriber, orderNumber);
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${orderNumber}/approve`, headers: { cookie: prescriber.cookie }, payload: NO_GP_CONSENT })).statusCode).toBe(200);
    const res = await cancel(support, orderNumber);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ORDER_STATE_CONFLICT', message: `Order ${orderNumber} is approved, so this cannot be done now.` });
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'approved', paymentState: 'captured' });
    expect((await cancel(support, 'EH-NONE-0000')).statusCode).toBe(404);
  });
});
