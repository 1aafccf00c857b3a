import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ATTRIBUTE, cartSchema, deliveryWindow, type Cart } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cookieFrom, groupAnswers } from '../../../test/support/consultation';
import { signedInPatient } from '../../../test/support/patients';
import { productTaskDefinitions, products, productVariants, promotions, taskDefinitions, variantPrices } from '../../db/schema/index';
import { hairLossQuestionnaire } from '../../seed/data/questionnaires/hair-loss';
import { eligibleHairLossAnswers } from '../../seed/data/questionnaires/sample-answers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Before any cart is read: the promotion catalogue is then cached for a minute.
  await ctx.database.db.insert(promotions).values({
    code: 'REFERRAL_TEST',
    couponCode: 'FRIEND-TEST',
    definition: {
      code: 'REFERRAL_TEST',
      name: 'Referral reward',
      kind: 'percentage',
      value: 20,
      couponCode: 'FRIEND-TEST',
      exclusive: false,
      firstOrderOnly: false,
      perPatientLimit: null,
      referral: true,
      variantCodes: [],
    },
  });
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const call = (method: Method, url: string, payload?: unknown, cookie?: string | null) =>
  ctx.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: cookie ? { cookie } : {} });
const cartOf = (res: { json(): unknown }): Cart => cartSchema.parse(res.json());

async function newCart(cookie?: string | null, body: Record<string, unknown> = { channel: 'WEB_WL_UK' }): Promise<string> {
  return (await call('POST', '/shop-api/carts', body, cookie)).json().tokenValue;
}
const add = (token: string, item: object, cookie?: string | null) => call('POST', `/shop-api/carts/${token}/items`, item, cookie);
const shampoo = (frequency = 30) => ({ productCode: 'POWER-SHAMPOO', variantCode: 'POWER-SHAMPOO-250ML', frequency });
const multivitamin = (frequency = 30) => ({ productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency });
const minoxidil = { productCode: 'MINOXIDIL', variantCode: 'MINOXIDIL-5PCT-60ML', frequency: 30 };

/** A cart with an eligible man's hair-loss consultation linked: minoxidil, a pharmacy medicine, needs one. */
async function hairLossCart(): Promise<string> {
  const answered = await call('PATCH', '/shop-api/medical-history-for-groups-by-slug/hair-loss', groupAnswers(hairLossQuestionnaire, eligibleHairLossAnswers));
  const token = await newCart();
  expect((await call('PUT', `/shop-api/checkout/${token}/medical_history_questionnaire`, { questionnaireId: 3 }, cookieFrom(answered))).statusCode).toBe(200);
  return token;
}

/** The due date of the first delivery for a request made between `before` and now (a day boundary may pass). */
function dueDates(before: Date, express: boolean): string[] {
  return [...new Set([deliveryWindow(before, { express }).to, deliveryWindow(new Date(), { express }).to])];
}

const address = {
  firstName: 'Alex',
  lastName: 'Smith',
  company: '10 Downing Street',
  street: '',
  city: 'London',
  postcode: 'sw1a 2aa',
};

describe('the cart reply (SPEC §3 Cart)', () => {
  it('starts with no address, no tasks, no plan and no discounts', async () => {
    const cart = cartOf(await call('GET', `/shop-api/carts/${await newCart()}`));
    expect(cart).toMatchObject({
      cartDiscounts: {},
      shippingAddress: null,
      billingAddress: null,
      checkoutTasks: [],
      subscription: { months: 0, nextDelivery: null },
    });
  });

  it('marks quick-ship products: supplements and shampoo ship from stock, medicines wait for a clinician', async () => {
    const token = await hairLossCart();
    await add(token, shampoo());
    await add(token, multivitamin());
    let cart = cartOf(await add(token, minoxidil));
    expect(cart.items.map((item) => [item.product.code, item.product.quickShip, item.product.isUnlicensed])).toEqual([
      ['POWER-SHAMPOO', true, false],
      ['DAILY-MULTIVITAMIN', true, false],
      ['MINOXIDIL', false, false],
    ]);
    const [row] = await ctx.database.db.select({ quickShip: products.quickShip }).from(products).where(eq(products.code, 'WEGOVY'));
    expect(row!.quickShip).toBe(false);
    cart = cartOf(await call('DELETE', `/shop-api/carts/${token}/items/${cart.items[2]!.id}`));
    expect(cart.items.every((item) => item.product.quickShip)).toBe(true);
  });

  it('carries the subscription plan: its length, and the first delivery due from the estimate (a day sooner for quick ship)', async () => {
    const token = await hairLossCart();
    const before = new Date();
    let cart = cartOf(await add(token, shampoo(1)));
    expect(cart.subscription).toEqual({ months: 0, nextDelivery: null });

    cart = cartOf(await add(token, multivitamin(30)));
    expect(cart.subscription.months).toBe(1);
    expect(dueDates(before, true)).toContain(cart.subscription.nextDelivery);

    cart = cartOf(await add(token, shampoo(90)));
    expect(cart.subscription.months).toBe(3);

    cart = cartOf(await add(token, minoxidil));
    expect(cart.subscription.months).toBe(3);
    expect(dueDates(before, false)).toContain(cart.subscription.nextDelivery);
    expect(cart.subscription.nextDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('keys its discounts by code, a referral reward marked as such', async () => {
    const token = await newCart(null, { channel: 'WEB_WL_UK', couponCode: 'WELCOME20' });
    let cart = cartOf(await add(token, shampoo()));
    expect(cart.cartDiscounts).toEqual({
      FIRST_ORDER_20: { name: '20% off your first order', amount: { current: cart.discounts[0]!.amount }, label: '20% OFF', isCouponBased: true, isReferral: false },
    });

    // Each line carries its share of the discount, the shares adding up to it.
    cart = cartOf(await add(token, multivitamin()));
    expect(cart.items.map((item) => item.itemDiscounts.map((share) => [share.code, share.amount.current]))).toEqual([
      [['FIRST_ORDER_20', 260]],
      [['FIRST_ORDER_20', 200]],
    ]);
    expect(cart.totals.discount).toBe(460);

    cart = cartOf(await call('PUT', `/shop-api/carts/${token}/coupon`, { coupon: 'friend-test' }));
    expect(cart.cartDiscounts).toEqual({
      REFERRAL_TEST: { name: 'Referral reward', amount: { current: cart.totals.discount }, label: 'REFERRAL DISCOUNT', isCouponBased: true, isReferral: true },
    });
  });

  it('lists the tasks its products will bring, each once, in the clinic’s order', async () => {
    const token = await hairLossCart();
    await add(token, shampoo());
    await add(token, minoxidil);
    expect(cartOf(await call('GET', `/shop-api/carts/${token}`)).checkoutTasks).toEqual([]);

    const db = ctx.database.db;
    await db.insert(taskDefinitions).values([
      { code: 'test-hair-photo', taskType: 'upload-photo', name: 'Add a photo of your scalp', description: 'So we can follow your progress.', position: 2, configuration: {} },
      { code: 'test-gp', taskType: 'gp-info', name: 'Tell us about your GP', description: 'We let your GP know.', isCritical: true, position: 1, configuration: {} },
      { code: 'test-unknown-kind', taskType: 'carrier-pigeon', name: 'Not shown', description: '', position: 0, configuration: {} },
    ]);
    const ids = await db.select({ id: products.id, code: products.code }).from(products);
    const idOf = (code: string) => ids.find((row) => row.code === code)!.id;
    await db.insert(productTaskDefinitions).values([
      { productId: idOf('MINOXIDIL'), taskCode: 'test-hair-photo' },
      { productId: idOf('POWER-SHAMPOO'), taskCode: 'test-hair-photo' },
      { productId: idOf('MINOXIDIL'), taskCode: 'test-gp' },
      { productId: idOf('MINOXIDIL'), taskCode: 'test-unknown-kind' },
      { productId: idOf('WEGOVY'), taskCode: 'test-gp' },
    ]);

    const cart = cartOf(await call('GET', `/shop-api/carts/${token}`));
    expect(cart.checkoutTasks).toEqual([
      {
        code: 'test-gp',
        taskType: 'gp-info',
        name: 'Tell us about your GP',
        description: 'We let your GP know.',
        image: null,
        isCritical: true,
        isReminder: false,
        safetyCheck: false,
        productCodes: ['MINOXIDIL'],
      },
      expect.objectContaining({ code: 'test-hair-photo', taskType: 'upload-photo', productCodes: ['POWER-SHAMPOO', 'MINOXIDIL'] }),
    ]);
    // The add-item reply (read before the line was written) already counts the new line's tasks.
    const other = await hairLossCart();
    expect(cartOf(await add(other, minoxidil)).checkoutTasks.map((task) => task.code)).toEqual(['test-gp', 'test-hair-photo']);
  });

  it('marks an unlicensed medicine by its attribute', async () => {
    const db = ctx.database.db;
    const [product] = await db
      .insert(products)
      .values({
        code: 'TEST-UNLICENSED',
        slug: 'test-unlicensed',
        name: 'Test special',
        category: 'hair-loss',
        description: 'A test-only product.',
        shortDescription: 'Test only.',
        isPrescriptionOnly: false,
        channels: ['WEB_WL_UK'],
        images: [],
        attributes: [{ code: ATTRIBUTE.unlicensedMedicine, name: 'Unlicensed medicine', value: true, tags: [] }],
      })
      .returning({ id: products.id });
    const [variant] = await db
      .insert(productVariants)
      .values({ productId: product!.id, code: 'TEST-UNLICENSED-1', name: 'One', dosage: '1 ml', quantityPerMonth: 1, quantityPerMonthType: 'bottle' })
      .returning({ id: productVariants.id });
    await db.insert(variantPrices).values({ variantId: variant!.id, frequency: 30, price: 3000 });
    const token = await newCart();
    const cart = cartOf(await add(token, { productCode: 'TEST-UNLICENSED', variantCode: 'TEST-UNLICENSED-1', frequency: 30 }));
    expect(cart.items[0]!.product.isUnlicensed).toBe(true);
  });
});

describe('PUT /shop-api/checkout/{token}/address', () => {
  const put = (token: string, body: unknown, cookie?: string | null) => call('PUT', `/shop-api/checkout/${token}/address`, body, cookie);

  it('keeps the delivery address on the signed-in patient’s cart; billing falls back to it', async () => {
    const patient = await signedInPatient(ctx.app);
    const token = await newCart(patient);
    await add(token, shampoo(), patient);
    const res = await put(token, { shippingAddress: address }, patient);
    expect(res.statusCode).toBe(200);
    const stored = { ...address, postcode: 'SW1A 2AA', countryCode: 'GB', phoneNumber: null };
    expect(cartOf(res)).toMatchObject({ shippingAddress: stored, billingAddress: stored });
    expect(cartOf(await call('GET', `/shop-api/carts/${token}`, undefined, patient))).toMatchObject({ shippingAddress: stored, billingAddress: stored });

    const billing = { ...address, company: '1 Billing Row', city: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '07700900123' };
    const both = cartOf(await put(token, { shippingAddress: address, billingAddress: billing }, patient));
    expect(both.shippingAddress).toEqual(stored);
    expect(both.billingAddress).toEqual({ ...billing, countryCode: 'GB' });
    // Sending only a delivery address again means billing goes back to it.
    expect(cartOf(await put(token, { shippingAddress: address }, patient)).billingAddress).toEqual(stored);
  });

  it('answers with the spec’s message for each field', async () => {
    const patient = await signedInPatient(ctx.app);
    const token = await newCart(patient);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ postcode: 'NOTPC' }, 'body.shippingAddress.postcode', 'Please enter a valid UK Postcode'],
      [{ city: 'L' }, 'body.shippingAddress.city', 'Please enter a valid UK City or Town'],
      [{ city: 'L'.repeat(36) }, 'body.shippingAddress.city', 'Town cannot exceed 35 characters'],
      [{ company: '' }, 'body.shippingAddress.company', 'Required'],
      [{ company: 'x'.repeat(36) }, 'body.shippingAddress.company', 'Address line 1 cannot exceed 35 characters'],
      [{ street: 'x'.repeat(36) }, 'body.shippingAddress.street', 'Address line 2 cannot exceed 35 characters'],
      [{ firstName: ' ' }, 'body.shippingAddress.firstName', 'Required'],
    ];
    for (const [change, field, message] of cases) {
      const res = await put(token, { shippingAddress: { ...address, ...change } }, patient);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().details.issues).toContainEqual({ field, message });
    }
    const abroad = await put(token, { shippingAddress: { ...address, countryCode: 'FR' } }, patient);
    expect(abroad.statusCode).toBe(400);
    const badBilling = await put(token, { shippingAddress: address, billingAddress: { ...address, postcode: '' } }, patient);
    expect(badBilling.statusCode).toBe(400);
    expect(badBilling.json().details.issues[0].field).toBe('body.billingAddress.postcode');
    expect((await put(token, { shippingAddress: { ...address, city: 'Lon\u0000don' } }, patient)).statusCode).toBe(400);
    expect(cartOf(await call('GET', `/shop-api/carts/${token}`, undefined, patient)).shippingAddress).toBeNull();
  });

  it('is for the owner only: a visitor must sign in, another patient finds no such cart', async () => {
    const patient = await signedInPatient(ctx.app);
    const token = await newCart(patient);
    await add(token, shampoo(), patient);
    await put(token, { shippingAddress: address }, patient);

    expect((await put(token, { shippingAddress: address })).statusCode).toBe(401);
    const stranger = await signedInPatient(ctx.app);
    expect((await put(token, { shippingAddress: { ...address, company: 'Elsewhere' } }, stranger)).statusCode).toBe(404);
    expect((await put('A'.repeat(43), { shippingAddress: address }, patient)).statusCode).toBe(404);
    expect(cartOf(await call('GET', `/shop-api/carts/${token}`, undefined, patient)).shippingAddress?.company).toBe('10 Downing Street');
  });

  it('makes an anonymous cart the signed-in patient’s', async () => {
    const token = await newCart();
    await add(token, shampoo());
    const patient = await signedInPatient(ctx.app);
    expect((await put(token, { shippingAddress: address }, patient)).statusCode).toBe(200);
    expect((await call('GET', `/shop-api/carts/${token}`)).statusCode).toBe(404);
    expect(cartOf(await call('GET', `/shop-api/carts/${token}`, undefined, patient)).items).toHaveLength(1);
  });
});

