import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../db/schema/orders';
import { sandboxPayments } from '../../db/schema/sandbox-gateway';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { placedOrderNumber } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { orderInReview, signedInStaff, type SignedInStaff } from '../../../test/support/staff';

let ctx: TestContext;
let prescriber: SignedInStaff;
let pharmacist: SignedInStaff;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  prescriber = await signedInStaff(ctx, 'prescriber');
  pharmacist = await signedInStaff(ctx, 'pharmacist');
});
afterAll(() => ctx.close());

const as = (member: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const orderRow = async (number: string) => (await ctx.database.db.select().from(orders).where(eq(orders.number, number)))[0]!;

const MULTIVITAMIN = { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 30 };
const SHAMPOO = { productCode: 'POWER-SHAMPOO', variantCode: 'POWER-SHAMPOO-250ML', frequency: 1 };

/** A supplement-and-cosmetic order, bought without a consultation, as the /basket checkout places it. */
const directOrder = async () => placedOrderNumber(ctx.app, await signedInPatient(ctx.app), { consult: false, items: [MULTIVITAMIN, SHAMPOO] });

describe('an order of products bought without a consultation', () => {
  it('waits in review, is released once by a pharmacist with no prescriber, its money taken, then dispatched', async () => {
    const orderNumber = await directOrder();
    expect(await orderRow(orderNumber)).toMatchObject({ state: 'in_review', paymentState: 'authorised' });

    const replies = await Promise.all(Array.from({ length: 5 }, () => as(pharmacist, 'POST', `/orders/${orderNumber}/release`)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(5).fill(200));
    expect(replies.filter((reply) => reply.json().changed)).toHaveLength(1);
    const order = await orderRow(orderNumber);
    expect(order).toMatchObject({ state: 'approved', paymentState: 'captured' });
    const released = await ctx.database.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.event, 'released')));
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({ fromState: 'in_review', toState: 'approved' });
    const [gatewayPayment] = await ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.reference, orderNumber));
    expect(gatewayPayment).toMatchObject({ status: 'captured', captured: order.total });

    // The packing slip names who released it, and carries the delivery phone for the courier's updates.
    const slip = (await as(pharmacist, 'GET', `/orders/${orderNumber}/packing-slip`)).json();
    expect(slip.approvedAt).not.toBeNull();
    expect(slip.approvedBy).toMatch(/pharmacist/i);
    expect(slip.recipient.phoneNumber).toBe('07700900123');

    const dispatched = await as(pharmacist, 'POST', `/orders/${orderNumber}/dispatch`, { carrier: 'royal-mail', trackingNumber: 'AB123456789GB' });
    expect(dispatched.statusCode).toBe(200);
    expect((await orderRow(orderNumber)).state).toBe('dispatched');
  }, 60_000);

  it('is never released for an order holding a medicine: a prescriber must approve that one', async () => {
    const { orderNumber } = await orderInReview(ctx, await signedInPatient(ctx.app));
    const refused = await as(pharmacist, 'POST', `/orders/${orderNumber}/release`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PRESCRIBER_NEEDED' });
    expect((await orderRow(orderNumber)).state).toBe('in_review');
  }, 60_000);

  it('is released by a pharmacist only', async () => {
    const orderNumber = await directOrder();
    expect((await as(prescriber, 'POST', `/orders/${orderNumber}/release`)).statusCode).toBe(403);
    expect((await orderRow(orderNumber)).state).toBe('in_review');
  }, 60_000);
});
