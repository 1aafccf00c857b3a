import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPage, OrderReview } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../test/support/app';
import { signedInPatient } from '../../test/support/patients';
import { continuingOrderInReview, NO_GP_CONSENT, signedInStaff, verifyPatient, type SignedInStaff } from '../../test/support/staff';
import { orderConsultations } from '../db/schema/clinic';
import { notifications } from '../db/schema/notifications';
import { orderEvents, orderItems, orders } from '../db/schema/orders';
import { payments } from '../db/schema/payments';
import { sandboxPayments } from '../db/schema/sandbox-gateway';
import { subscriptions } from '../db/schema/subscriptions';
import { eligibleWeightLossAnswers } from '../seed/data/questionnaires/sample-answers';

let ctx: TestContext;
let prescriber: SignedInStaff;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  prescriber = await signedInStaff(ctx, 'prescriber');
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
/** The test patients gave no consent to inform their GP: every approval carries the prescriber's reason. */
const approve = (number: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${number}/approve`, headers: { cookie: prescriber.cookie }, payload: { ...NO_GP_CONSENT, ...payload } });

/** A continuing patient's first order of Mounjaro 10 mg (£299 a month), in review with its photos and prescription. */
async function tenMilligramOrder() {
  const cookie = await signedInPatient(ctx.app, { birthday: eligibleWeightLossAnswers.wl_dob });
  const number = await continuingOrderInReview(ctx, cookie, { productCode: 'MOUNJARO', variantCode: 'MOUNJARO-10MG', frequency: 30 });
  // Weighed and measured by the prescriber's team before any approval (issue 33).
  await verifyPatient(ctx, prescriber, number);
  const [order] = await db().select().from(orders).where(eq(orders.number, number));
  return { cookie, number, order: order! };
}

describe('the prescriber decides the dose', () => {
  it('approves a lower dose with a reason: the line and total become its price before the capture, which takes the lower amount once', async () => {
    const { cookie, number, order } = await tenMilligramOrder();
    const [snapshotBefore] = await db().select().from(orderConsultations).where(eq(orderConsultations.orderId, order.id));

    const review = (await ctx.app.inject({ url: `/shop-api/clinic/orders/${number}`, headers: { cookie: prescriber.cookie } })).json<OrderReview>();
    expect(review.dose).toMatchObject({ productName: 'Mounjaro', asked: { variantCode: 'MOUNJARO-10MG', dosage: '10 mg' }, reTitration: null, decision: null });
    expect(review.dose!.options.map((option) => [option.dosage, option.relation, option.total])).toEqual([
      ['10 mg', 'asked', 29900],
      ['7.5 mg', 'lower', 27900],
      ['5 mg', 'lower', 22900],
      ['2.5 mg', 'lower', 17900],
    ]);

    // Another dose needs a reason; a higher one, or another medicine's, is refused; nothing changes meanwhile.
    expect((await approve(number, { variantCode: 'MOUNJARO-7-5MG' })).json()).toMatchObject({ code: 'DOSE_RATIONALE_REQUIRED' });
    expect((await approve(number, { variantCode: 'MOUNJARO-12-5MG', rationale: 'More' })).json()).toMatchObject({ code: 'DOSE_NOT_APPROVABLE' });
    expect((await approve(number, { variantCode: 'WEGOVY-1MG', rationale: 'Switch' })).statusCode).toBe(422);
    const [unchanged] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(unchanged).toMatchObject({ state: 'in_review', total: 29900 });

    const rationale = 'Your last dose was longer ago than we would like; we restart one step lower.';
    const approved = await approve(number, { variantCode: 'MOUNJARO-7-5MG', rationale });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'approved', paymentState: 'captured', changed: true });
    // A second click changes nothing and moves no money.
    expect((await approve(number, { variantCode: 'MOUNJARO-5MG', rationale: 'again' })).json()).toMatchObject({ state: 'approved', changed: false });

    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ subtotal: 27900, total: 27900, paymentState: 'captured' });
    expect(await db().select({ variantCode: orderItems.variantCode, dosage: orderItems.dosage, total: orderItems.total }).from(orderItems).where(eq(orderItems.orderId, order.id))).toEqual([
      { variantCode: 'MOUNJARO-7-5MG', dosage: '7.5 mg', total: 27900 },
    ]);
    // The gateway held £299 and took £279 (a partial capture), once.
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    const [held] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.id, payment!.gatewayPaymentId!));
    expect(held).toMatchObject({ amount: 29900, captured: 27900, status: 'captured' });
    const captures = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id));
    expect(captures.filter((row) => row.event === 'captured').map((row) => row.data)).toEqual([expect.objectContaining({ amount: 27900, authorised: 29900 })]);
    // Later renewals charge for the dose supplied.
    const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    expect(plan!.price).toBe(27900);

    // What the prescriber reviewed is as it was; the decision is kept beside it, with the approval.
    const [snapshotAfter] = await db().select().from(orderConsultations).where(eq(orderConsultations.orderId, order.id));
    expect(snapshotAfter).toEqual(snapshotBefore);
    const decision = { productName: 'Mounjaro', asked: { variantCode: 'MOUNJARO-10MG', dosage: '10 mg', total: 29900 }, approved: { variantCode: 'MOUNJARO-7-5MG', dosage: '7.5 mg', total: 27900 }, rationale };
    expect(captures.find((row) => row.event === 'approved')!.data).toMatchObject({ dose: decision });
    const reviewed = (await ctx.app.inject({ url: `/shop-api/clinic/orders/${number}`, headers: { cookie: prescriber.cookie } })).json<OrderReview>();
    expect(reviewed.dose).toMatchObject({ asked: { variantCode: 'MOUNJARO-10MG' }, decision: { ...decision, by: expect.any(String) } });

    // The patient is told what was approved and why: by email and on the order page.
    const sent = (await db().select().from(notifications).where(eq(notifications.template, 'order-approved'))).find((row) => row.data.orderNumber === number);
    expect(sent!.data).toMatchObject({ orderNumber: number, dose: { productName: 'Mounjaro', askedDosage: '10 mg', approvedDosage: '7.5 mg', rationale } });
    const page = (await ctx.app.inject({ url: `/shop-api/orders/${number}/details`, headers: { cookie } })).json<OrderPage>();
    expect(page.doseChange).toEqual({ productName: 'Mounjaro', askedDosage: '10 mg', approvedDosage: '7.5 mg', rationale });
    expect(page.totals.total).toBe(27900);
  });

  it('approves at the dose asked when the body names no dose, as before, and records it', async () => {
    const { number, order } = await tenMilligramOrder();
    expect((await approve(number)).json()).toMatchObject({ state: 'approved', paymentState: 'captured' });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    const [held] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.id, payment!.gatewayPaymentId!));
    expect(held).toMatchObject({ amount: 29900, captured: 29900 });
    const page = (await ctx.app.inject({ url: `/shop-api/clinic/orders/${number}`, headers: { cookie: prescriber.cookie } })).json<OrderReview>();
    expect(page.dose!.decision).toMatchObject({ asked: { variantCode: 'MOUNJARO-10MG' }, approved: { variantCode: 'MOUNJARO-10MG' }, rationale: null });
  });
});
