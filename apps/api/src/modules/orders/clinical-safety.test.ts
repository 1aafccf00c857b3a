import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, DEFAULT_CLINICAL_POLICY, TASK_CODES, ukToday, type Task, type TriggeredRule } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { placeOrder, readyCart } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { cartConsultations, carts } from '../../db/schema/cart';
import { orderConsultations } from '../../db/schema/clinic';
import { consultations } from '../../db/schema/quiz';
import { DOSE_NOT_ALLOWED_MESSAGE } from '../cart/prescription-guard';
import { orders } from '../../db/schema/orders';
import { eligibleWeightLossAnswers } from '../../seed/data/questionnaires/sample-answers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const CONSULTATION_DOB = eligibleWeightLossAnswers.wl_dob as string;
const tasksOf = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/shop-api/tasks', headers: { cookie } })).json<Task[]>();

async function snapshotOf(orderNumber: string) {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.number, orderNumber));
  const [snapshot] = await ctx.database.db.select().from(orderConsultations).where(eq(orderConsultations.orderId, order!.id));
  return { order: order!, snapshot: snapshot! };
}
const ruleIds = (rules: readonly TriggeredRule[]) => rules.map((rule) => rule.ruleId);

describe('clinical safety at order placement', () => {
  it('keeps the rules that held, with their sources, on the order; a new patient owes no prescription photo', async () => {
    const cookie = await signedInPatient(ctx.app, { birthday: CONSULTATION_DOB });
    const placed = await placeOrder(ctx.app, cookie);
    expect(placed.reply.statusCode).toBe(201);
    const { snapshot } = await snapshotOf(placed.orderNumber!);
    expect(snapshot.outcome.prescriptionProofRequired).toBe(false);
    // The clinic policy in force is kept with the decision.
    expect(snapshot.outcome.policy).toEqual(DEFAULT_CLINICAL_POLICY);
    expect(snapshot.outcome.triggeredRules.find((rule) => rule.ruleId === 'wegovy-startingDose')).toMatchObject({
      kind: 'dose',
      productCode: 'WEGOVY',
      source: 'Wegovy SmPC 4.2; Mounjaro SmPC 4.2',
      rationale: expect.stringContaining('starts on the lowest dose'),
      questionIds: ['wl_current_injection'],
    });
    expect(ruleIds(snapshot.outcome.triggeredRules)).not.toContain('date-of-birth-mismatch');
    expect((await tasksOf(cookie)).map((task) => task.taskDefinition.code)).not.toContain(TASK_CODES.prescriptionPhoto);
  });

  it('gives a continuing patient, who ordered the dose they take, the critical prescription-photo task', async () => {
    const cookie = await signedInPatient(ctx.app, { birthday: CONSULTATION_DOB });
    const answers = { wl_current_injection: 'MOUNJARO|||MOUNJARO-10MG', wl_last_dose_date: addDays(ukToday(new Date()), -6) };
    const placed = await placeOrder(ctx.app, cookie, { answers, items: [{ productCode: 'MOUNJARO', variantCode: 'MOUNJARO-10MG', frequency: 30 }] });
    expect(placed.reply.statusCode).toBe(201);
    const { order, snapshot } = await snapshotOf(placed.orderNumber!);
    expect(snapshot.outcome.prescriptionProofRequired).toBe(true);
    expect(ruleIds(snapshot.outcome.triggeredRules)).toContain('mounjaro-continueCurrentDose');
    const task = (await tasksOf(cookie)).find((candidate) => candidate.taskDefinition.code === TASK_CODES.prescriptionPhoto);
    expect(task).toMatchObject({
      taskType: 'upload-photo',
      taskDefinition: { name: 'Upload your previous prescription', isCritical: true },
      orderNumber: placed.orderNumber,
      details: { configuration: { category: 'P', landingSlug: 'upload-prescription' } },
    });
    // The prescriber does not see the order until the photo (and the other critical tasks) arrive.
    expect(order.state).toBe('awaiting_patient');
  });

  it('flags the order when the consultation’s date of birth is not the account’s', async () => {
    const cookie = await signedInPatient(ctx.app, { birthday: '1980-01-01' });
    const placed = await placeOrder(ctx.app, cookie);
    const { snapshot } = await snapshotOf(placed.orderNumber!);
    expect(snapshot.outcome.triggeredRules.find((rule) => rule.ruleId === 'date-of-birth-mismatch')).toMatchObject({
      kind: 'identity',
      level: 'review',
      summary: `Date of birth in the consultation (${CONSULTATION_DOB}) differs from the account’s (1980-01-01)`,
      questionIds: ['wl_dob'],
      source: expect.stringContaining('GPhC'),
    });
  });

  it('refuses to place an order whose dose the consultation no longer allows (the lock holds at payment too)', async () => {
    const cookie = await signedInPatient(ctx.app, { birthday: CONSULTATION_DOB });
    const answers = { wl_current_injection: 'MOUNJARO|||MOUNJARO-10MG', wl_last_dose_date: addDays(ukToday(new Date()), -6) };
    const cartToken = await readyCart(ctx.app, cookie, { answers, items: [{ productCode: 'MOUNJARO', variantCode: 'MOUNJARO-10MG', frequency: 30 }] });
    // The patient then says they are new to injections: the 10 mg line in the basket is no longer allowed.
    const [cart] = await ctx.database.db.select().from(carts).where(eq(carts.token, cartToken));
    const [link] = await ctx.database.db.select().from(cartConsultations).where(eq(cartConsultations.cartId, cart!.id));
    await ctx.database.db
      .update(consultations)
      .set({ answers: { ...eligibleWeightLossAnswers, wl_current_injection: 'none' } })
      .where(eq(consultations.id, link!.consultationId));
    const placed = await placeOrder(ctx.app, cookie, { cartToken });
    expect(placed.reply.statusCode).toBe(409);
    expect(placed.reply.json()).toMatchObject({ code: 'CART_NOT_READY', message: DOSE_NOT_ALLOWED_MESSAGE });
  });
});
