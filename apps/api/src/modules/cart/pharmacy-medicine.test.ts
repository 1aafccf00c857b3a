import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cookieFrom, groupAnswers } from '../../../test/support/consultation';
import { cardToken, completeCheckout, readyCart } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';
import { cartItems, carts, productVariants } from '../../db/schema/index';
import { hairLossQuestionnaire } from '../../seed/data/questionnaires/hair-loss';
import { eligibleHairLossAnswers } from '../../seed/data/questionnaires/sample-answers';
import { CONSULTATION_REQUIRED_MESSAGE } from './prescription-guard';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
const minoxidil = { productCode: 'MINOXIDIL', variantCode: 'MINOXIDIL-5PCT-60ML', frequency: 30 };
const shampoo = { productCode: 'POWER-SHAMPOO', variantCode: 'POWER-SHAMPOO-250ML', frequency: 30 };
const refusal = { code: 'CONSULTATION_REQUIRED', message: CONSULTATION_REQUIRED_MESSAGE, details: { productCode: 'MINOXIDIL' } };

/** Links an eligible man's hair-loss consultation, answered in the patient's browser, to the cart. */
async function linkHairLossConsultation(token: string, cookies: string): Promise<void> {
  const answered = await call('PATCH', '/shop-api/medical-history-for-groups-by-slug/hair-loss', groupAnswers(hairLossQuestionnaire, eligibleHairLossAnswers), cookies);
  expect(answered.statusCode).toBe(200);
  const linked = await call('PUT', `/shop-api/checkout/${token}/medical_history_questionnaire`, { questionnaireId: 3 }, `${cookies}; ${cookieFrom(answered)}`);
  expect(linked.statusCode).toBe(200);
}

/** Puts a line straight into the cart, as a cart filled before the rule held would have it. */
async function insertLine(token: string, variantCode: string): Promise<void> {
  const db = ctx.database.db;
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.token, token));
  const [variant] = await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.code, variantCode));
  await db.insert(cartItems).values({ cartId: cart!.id, variantId: variant!.id, frequency: 30, quantity: 1, slot: `variant:${variant!.id}` });
}

describe('a pharmacy medicine (minoxidil) needs the hair-loss consultation, as the product page says', () => {
  it('refuses it in a basket without one, alone or with other items: 422 CONSULTATION_REQUIRED, nothing added', async () => {
    const cookies = await signedInPatient(ctx.app);
    const token = await readyCart(ctx.app, cookies, { consult: false, items: [] });
    const alone = await call('POST', `/shop-api/carts/${token}/items`, minoxidil, cookies);
    expect(alone.statusCode).toBe(422);
    expect(alone.json()).toEqual(refusal);
    const together = await call('POST', `/shop-api/carts/${token}/multiple-items`, { items: [shampoo, minoxidil] }, cookies);
    expect(together.statusCode).toBe(422);
    expect(together.json()).toEqual(refusal);
    const cart = await ctx.app.inject({ method: 'GET', url: `/shop-api/carts/${token}`, headers: { cookie: cookies } });
    expect(cart.json().items).toEqual([]);

    await linkHairLossConsultation(token, cookies);
    expect((await call('POST', `/shop-api/carts/${token}/items`, minoxidil, cookies)).statusCode).toBe(201);
  });

  it('refuses the payment for a basket that holds it without one, and takes it once the consultation is linked', async () => {
    const cookies = await signedInPatient(ctx.app);
    const token = await readyCart(ctx.app, cookies, { consult: false, items: [shampoo] });
    await insertLine(token, minoxidil.variantCode);

    const refused = await completeCheckout(ctx.app, cookies, token, { mode: 'NEW_CARD', token: await cardToken(ctx.app) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CART_NOT_READY', message: CONSULTATION_REQUIRED_MESSAGE });

    await linkHairLossConsultation(token, cookies);
    const placed = await completeCheckout(ctx.app, cookies, token, { mode: 'NEW_CARD', token: await cardToken(ctx.app) });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ status: 'placed' });
  });
});
