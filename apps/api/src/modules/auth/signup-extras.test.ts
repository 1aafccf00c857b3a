import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ATTRIBUTE } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cookiesOf, signUp, signupBody } from '../../../test/support/patients';
import { customers, products, productVariants, variantPrices } from '../../db/schema/index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // A test-only unlicensed medicine: the demo catalogue holds none.
  const db = ctx.database.db;
  const [product] = await db
    .insert(products)
    .values({
      code: 'TEST-SPECIAL',
      slug: 'test-special',
      name: 'Test special',
      category: 'hair-loss',
      description: 'Test only.',
      shortDescription: 'Test only.',
      isPrescriptionOnly: false,
      channels: ['WEB_WL_UK'],
      images: [],
      attributes: [{ code: ATTRIBUTE.unlicensedMedicine, name: 'Unlicensed medicine', value: true, tags: [] }],
    })
    .returning({ id: products.id });
  const [variant] = await db
    .insert(productVariants)
    .values({ productId: product!.id, code: 'TEST-SPECIAL-1', name: 'One', dosage: '1 ml', quantityPerMonth: 1, quantityPerMonthType: 'bottle' })
    .returning({ id: productVariants.id });
  await db.insert(variantPrices).values({ variantId: variant!.id, frequency: 30, price: 3000 });
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, cookie?: string | null) =>
  ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
/** Signs up through both steps: the form's refusal (400) when it has one, else the confirmation (201). */
const signedUp = async (body: Record<string, unknown>) => (await signUp(ctx.app, body)).confirmed;
const register = (overrides: Record<string, unknown> = {}) => signedUp(signupBody(overrides));
const stored = async (email: string) => (await ctx.database.db.select().from(customers).where(eq(customers.email, email)))[0]!;

async function cartWith(item: object, cookie?: string | null): Promise<string> {
  const token: string = (await call('POST', '/shop-api/carts', { channel: 'WEB_WL_UK' }, cookie)).json().tokenValue;
  expect((await call('POST', `/shop-api/carts/${token}/items`, item, cookie)).statusCode).toBe(201);
  return token;
}
const special = { productCode: 'TEST-SPECIAL', variantCode: 'TEST-SPECIAL-1', frequency: 30 };
const shampoo = { productCode: 'POWER-SHAMPOO', variantCode: 'POWER-SHAMPOO-250ML', frequency: 30 };

describe('invitedBy (the referral cookie)', () => {
  it('is kept when it names an existing customer', async () => {
    const referrer = (await register()).json().uid as string;
    const body = signupBody({ invitedBy: referrer.toUpperCase() });
    expect((await signedUp(body)).statusCode).toBe(201);
    expect((await stored(body.email)).invitedBy).toBe(referrer);
  });

  it.each([
    ['an unknown uid', '0b7f5c52-94a4-4d8e-9a53-6f1f0d7e1c2a'],
    ['not a uid at all', "x'; drop table customers; --"],
    ['a very long value', 'a'.repeat(5000)],
  ])('is ignored, never an error, for %s', async (_case, invitedBy) => {
    const body = signupBody({ invitedBy });
    expect((await signedUp(body)).statusCode).toBe(201);
    expect((await stored(body.email)).invitedBy).toBeNull();
  });
});

describe('the unlicensed-medicine acknowledgement', () => {
  it('is required at signup when the cart holds an unlicensed medicine, and stored', async () => {
    const cartToken = await cartWith(special);
    const refused = await register({ cartToken });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.issues).toEqual([{ field: 'body.unlicensedProductDisclaimerAccepted', message: 'Required' }]);
    expect((await register({ cartToken, unlicensedProductDisclaimerAccepted: false })).statusCode).toBe(400);

    const body = signupBody({ cartToken, unlicensedProductDisclaimerAccepted: true });
    const accepted = await signedUp(body);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().hasAcceptedUnlicensedProductDisclaimer).toBe(true);
    expect((await stored(body.email)).hasAcceptedUnlicensedProductDisclaimer).toBe(true);
  });

  it('is not asked for other carts', async () => {
    expect((await register({ cartToken: await cartWith(shampoo) })).statusCode).toBe(201);
    expect((await register({ cartToken: 'A'.repeat(43) })).statusCode).toBe(201);
  });

  it('is required to update the account of a patient who has not given it, for such a cart', async () => {
    const session = cookiesOf(await register());
    const cartToken = await cartWith(special, session);
    const refused = await call('PUT', '/shop-api/me', { phoneNumber: '07700900999', cartToken }, session);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.issues).toEqual([{ field: 'body.unlicensedProductDisclaimerAccepted', message: 'Required' }]);
    // Without the cart in question, nothing more is needed.
    expect((await call('PUT', '/shop-api/me', { phoneNumber: '07700900999' }, session)).statusCode).toBe(200);

    const accepted = await call('PUT', '/shop-api/me', { cartToken, unlicensedProductDisclaimerAccepted: true }, session);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().hasAcceptedUnlicensedProductDisclaimer).toBe(true);
    // Given once, it is not asked again.
    expect((await call('PUT', '/shop-api/me', { phoneNumber: '07700900998', cartToken }, session)).statusCode).toBe(200);
  });

  it('does not look into a cart the patient cannot see', async () => {
    const owner = cookiesOf(await register());
    const theirs = await cartWith(special, owner);
    await call('PUT', '/shop-api/me', { cartToken: theirs, unlicensedProductDisclaimerAccepted: true }, owner);
    const claimed = await call('PUT', `/shop-api/checkout/${theirs}/address`, {
      shippingAddress: { firstName: 'Alex', lastName: 'Smith', company: '1 High Street', city: 'Leeds', postcode: 'LS1 4AP' },
    }, owner);
    expect(claimed.statusCode).toBe(200);
    const stranger = cookiesOf(await register());
    expect((await call('PUT', '/shop-api/me', { phoneNumber: '07700900999', cartToken: theirs }, stranger)).statusCode).toBe(200);
    expect((await register({ cartToken: theirs })).statusCode).toBe(201);
  });
});
