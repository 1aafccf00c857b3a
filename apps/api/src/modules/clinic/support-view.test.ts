import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAuditLog } from '../../db/schema/clinic';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { signedInPatient } from '../../../test/support/patients';
import { type ClinicTeam, orderInReview, type SignedInStaff, signedInTeam } from '../../../test/support/staff';

let ctx: TestContext;
let { prescriber, support } = {} as ClinicTeam;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  ({ prescriber, support } = await signedInTeam(ctx));
});
afterAll(() => ctx.close());

const as = (member: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie }, ...(payload === undefined ? {} : { payload }) });

/** An order in review whose patient gave their GP, and which the prescriber then asked a clinical question about. */
async function orderWithClinicalRecord() {
  const patient = await signedInPatient(ctx.app);
  const gp = await ctx.app.inject({
    method: 'POST',
    url: '/shop-api/customers/patient-gp-info',
    headers: { cookie: patient },
    payload: { consentGiven: true, practiceName: 'Riverside Surgery', addressLine1: '1 Mill Road', cityOrTown: 'Leeds', postCode: 'LS1 4AP' },
  });
  expect(gp.statusCode).toBe(201);
  const { orderNumber } = await orderInReview(ctx, patient);
  const asked = await as(prescriber, 'POST', `/orders/${orderNumber}/request-information`, { question: 'Have you ever had pancreatitis?', photoRequested: false });
  expect(asked.statusCode).toBe(200);
  return orderNumber;
}

describe("support's view of an order", () => {
  it('has status, delivery, payment and contact, and none of the clinical record', async () => {
    const orderNumber = await orderWithClinicalRecord();
    const reply = await as(support, 'GET', `/orders/${orderNumber}`);
    expect(reply.statusCode).toBe(200);
    const order = reply.json();
    expect(order).toMatchObject({
      view: 'support',
      orderNumber,
      state: 'awaiting_patient',
      paymentState: 'authorised',
      patient: { name: 'Alex Smith', email: expect.stringContaining('@example.com'), phoneNumber: '07700900123' },
      items: [expect.objectContaining({ productCode: 'WEGOVY' })],
      shippingAddress: expect.objectContaining({ postcode: expect.any(String) }),
      totals: expect.objectContaining({ total: expect.any(Number) }),
    });
    for (const clinical of ['consultations', 'measurements', 'photos', 'gp', 'verification', 'companion']) expect(order).not.toHaveProperty(clinical);
    const text = reply.body;
    expect(text).not.toContain('Riverside Surgery');
    expect(text).not.toContain('pancreatitis');
    expect(text).not.toMatch(/"bmi"|weightKg|wl_bmi/);
    expect(order.tasks.length).toBeGreaterThan(0);
    expect(order.tasks.every((task: { details: unknown }) => task.details === null)).toBe(true);
    expect(order.history.map((event: { event: string }) => event.event)).toContain('information_requested');

    // Support's read of the order is audited as that, not as a read of answers, weights or GP details.
    const reads = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.staffId, support.row.id));
    expect(reads.filter((row) => row.orderNumber === orderNumber).map((row) => row.action)).toEqual(['read-order']);
  });

  it('leaves the prescriber the whole review', async () => {
    const orderNumber = await orderWithClinicalRecord();
    const review = (await as(prescriber, 'GET', `/orders/${orderNumber}`)).json();
    expect(review.view).toBe('clinical');
    expect(review.consultations).toHaveLength(1);
    expect(review.measurements.length).toBeGreaterThan(0);
    expect(review.photos.length).toBeGreaterThan(0);
    expect(review.gp).toMatchObject({ practiceName: 'Riverside Surgery' });
    expect(JSON.stringify(review.history)).toContain('pancreatitis');
  });
});
