import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, orderPageSchema, vatSummary } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { placeOrder, WEGOVY_MONTHLY } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { signedInStaff, uploadPhoto, type SignedInStaff, NO_GP_CONSENT, verifyPatient } from '../../../test/support/staff';
import { pdfText } from '../../../../web/e2e/support/pdf';
import { orders } from '../../db/schema/orders';

let ctx: TestContext;
let prescriber: SignedInStaff;
let pharmacist: SignedInStaff;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' });
  prescriber = await signedInStaff(ctx, 'prescriber');
  pharmacist = await signedInStaff(ctx, 'pharmacist');
});
afterAll(() => ctx.close());

const MULTIVITAMIN = { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 1, quantity: 2 } as const;
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const staff = (member: SignedInStaff, url: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url: `/shop-api/clinic${url}`, headers: { cookie: member.cookie }, payload });
const orderRow = async (number: string) => (await ctx.database.db.select().from(orders).where(eq(orders.number, number)))[0]!;

/** A weight-loss treatment with a supplement, through the clinic: photos, approval, dispatch. */
async function dispatchedMixedOrder(patient: string): Promise<string> {
  const placed = await placeOrder(ctx.app, patient, { items: [WEGOVY_MONTHLY, MULTIVITAMIN] });
  const number = placed.orderNumber!;
  await uploadPhoto(ctx, patient, 'I');
  await uploadPhoto(ctx, patient, 'W');
  await verifyPatient(ctx, prescriber, number);
  expect((await staff(prescriber, `/orders/${number}/approve`, NO_GP_CONSENT)).statusCode).toBe(200);
  expect((await staff(pharmacist, `/orders/${number}/dispatch`, { carrier: 'royal-mail', trackingNumber: 'AB123456789GB' })).statusCode).toBe(200);
  return number;
}

describe('the order page and its receipt', () => {
  it('shows the order as its history tells it: lines, totals, addresses, the card that paid, a dated timeline and the VAT within', async () => {
    const patient = await signedInPatient(ctx.app);
    const number = await dispatchedMixedOrder(patient);
    const reply = await get(`/shop-api/orders/${number}/details`, patient);
    expect(reply.statusCode).toBe(200);
    const page = orderPageSchema.parse(reply.json());
    const row = await orderRow(number);
    expect(page.totals).toEqual({ subtotal: row.subtotal, discount: row.discount, shipping: row.shipping, credit: row.credit, total: row.total });
    expect(page.items.map((item) => [item.productCode, item.quantity])).toEqual([
      ['WEGOVY', 1],
      ['DAILY-MULTIVITAMIN', 2],
    ]);
    expect(page.shippingAddress).toMatchObject({ firstName: 'Alex', lastName: 'Smith', postcode: 'LS1 4AP' });
    expect(page.billingAddress).toMatchObject({ postcode: 'LS1 4AP' });
    expect(page.paymentMethod).toEqual({ brand: 'Visa', last4: '4242' });
    expect(page.tracking).toMatchObject({ carrier: 'royal-mail', number: 'AB123456789GB' });
    expect(page.timeline.map((step) => [step.id, step.status, step.at !== null])).toEqual([
      ['placed', 'completed', true],
      ['awaiting_patient', 'completed', true],
      ['in_review', 'completed', true],
      ['approved', 'completed', true],
      ['dispatched', 'active', true],
      ['delivered', 'upcoming', false],
    ]);
    // The medicine is zero-rated and the supplement standard-rated; the rates add up to what was paid.
    expect(page.vat.map((line) => line.rate)).toEqual([0, 20]);
    expect(page.vat.reduce((sum, line) => sum + line.gross, 0)).toBe(row.total);
    expect(page.vat[1]!.vat).toBeGreaterThan(0);
    // The prescriber who approved it: name, profession ('Who prescribes' knows this registration) and the register's entry.
    expect(page.prescriber).toEqual({
      name: 'Test prescriber',
      profession: 'Pharmacist independent prescriber',
      registration: { body: 'GPhC', number: '2071234', url: 'https://www.pharmacyregulation.org/registers/pharmacist/registrationnumber/2071234' },
    });
  });

  it('makes a real PDF receipt whose totals and VAT are the order’s, with the clinic and the approving prescriber', async () => {
    const patient = await signedInPatient(ctx.app);
    const number = await dispatchedMixedOrder(patient);
    const reply = await get(`/shop-api/orders/${number}/receipt`, patient);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="receipt-${number}.pdf"`);
    expect(reply.headers['cache-control']).toBe('no-store');
    const pdf = reply.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    const row = await orderRow(number);
    expect(text).toContain('Elmwood Health');
    expect(text).toContain(`Order ${number}`);
    expect(text).toContain('Visa ending 4242');
    expect(text).toContain(`Subtotal\n${formatPrice(row.subtotal)}`);
    expect(text).toContain(`Total\n${formatPrice(row.total)}`);
    const [zero, standard] = vatSummary(
      [
        { isPrescriptionOnly: true, total: (await get(`/shop-api/orders/${number}/details`, patient)).json().items[0].total },
        { isPrescriptionOnly: false, total: (await get(`/shop-api/orders/${number}/details`, patient)).json().items[1].total },
      ],
      row.total,
    );
    expect(text).toContain(`Zero-rated (0%) on ${formatPrice(zero!.gross)}: £0.00`);
    expect(text).toContain(`VAT at 20% included in ${formatPrice(standard!.gross)}: ${formatPrice(standard!.vat)}`);
    expect(text).toContain('Test prescriber, Pharmacist independent prescriber, GPhC 2071234');
    expect(text).toContain('VAT Notice 701/57');
  });

  it('names no prescriber before a clinician approves', async () => {
    const patient = await signedInPatient(ctx.app);
    const number = (await placeOrder(ctx.app, patient)).orderNumber!;
    const text = pdfText((await get(`/shop-api/orders/${number}/receipt`, patient)).rawPayload);
    expect(text).toContain(`Order ${number}`);
    expect(text).not.toContain('Prescriber');
    const page = orderPageSchema.parse((await get(`/shop-api/orders/${number}/details`, patient)).json());
    expect(page.timeline.find((step) => step.status === 'active')).toMatchObject({ id: 'awaiting_patient', title: 'Waiting for your tasks' });
    expect(page.prescriber).toBeNull();
  });

  it('is the owner’s only: another patient, a made-up number and a visitor are refused without a 500', async () => {
    const owner = await signedInPatient(ctx.app);
    const number = (await placeOrder(ctx.app, owner)).orderNumber!;
    const stranger = await signedInPatient(ctx.app);
    for (const path of ['details', 'receipt']) {
      expect((await get(`/shop-api/orders/${number}/${path}`, stranger)).statusCode).toBe(404);
      expect((await get(`/shop-api/orders/EH-0000-0000/${path}`, owner)).statusCode).toBe(404);
      expect([400, 404]).toContain((await get(`/shop-api/orders/%00bad/${path}`, owner)).statusCode);
      expect((await ctx.app.inject({ method: 'GET', url: `/shop-api/orders/${number}/${path}` })).statusCode).toBe(401);
    }
  });

  it('has no page for an order whose payment failed', async () => {
    const patient = await signedInPatient(ctx.app);
    const declined = await placeOrder(ctx.app, patient, { card: '4000000000000002' });
    const [failed] = await ctx.database.db.select().from(orders).where(eq(orders.idempotencyKey, declined.idempotencyKey));
    const number = failed!.number;
    expect((await orderRow(number)).state).toBe('payment_failed');
    expect((await get(`/shop-api/orders/${number}/details`, patient)).statusCode).toBe(404);
  });
});
