import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanManagement } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { insertOrder, signedInPatientWithId } from '../../../test/support/account';
import { urgentClinicalItems } from '../../db/schema/urgent-care';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
});
afterAll(() => ctx.close());

describe("cancelling for side effects: 'Speak to a clinician first'", () => {
  it('opens one urgent item for a call, leaves the plan running, and says when the call will be', async () => {
    const patient = await signedInPatientWithId(ctx.app, ctx.database.db);
    const { subscriptionId } = await insertOrder(ctx.database.db, patient.customerId, { state: 'dispatched', subscription: { frequency: 30, nextDeliveryDate: '2027-03-01' } });
    const call = () => ctx.app.inject({ method: 'POST', url: `/shop-api/subscriptions/${subscriptionId}/clinician-call`, headers: { cookie: patient.cookie } });
    const reply = await call();
    expect(reply.statusCode, reply.body).toBe(200);
    const { plan, message } = reply.json<{ plan: PlanManagement; message: string }>();
    expect(plan.state).toBe('active');
    expect(message).toMatch(/^One of our prescribers will phone you .* by .*Your plan has not been cancelled\.$/);
    // Asking twice joins the one open item.
    expect((await call()).statusCode).toBe(200);
    const items = await ctx.database.db.select().from(urgentClinicalItems).where(eq(urgentClinicalItems.customerId, patient.customerId));
    expect(items).toHaveLength(1);
    expect(items[0]!.rules).toEqual([expect.objectContaining({ ruleId: 'cancel-side-effects-call', level: 'urgent' })]);
    expect(items[0]!.consultationIds).toEqual([]);
    // Another patient's plan is not found.
    const other = await signedInPatientWithId(ctx.app, ctx.database.db);
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/subscriptions/${subscriptionId}/clinician-call`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
  });
});
