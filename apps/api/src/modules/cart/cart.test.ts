import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { addDays, cartSchema, evaluateConsultation, questionnaireSchema, ukToday, type Cart } from '@elmwood/domain';
import { cookieFrom, groupAnswers } from '../../../test/support/consultation';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cartItems, consultations, productVariants, variantPrices } from '../../db/schema/index';
import { erectileDysfunctionQuestionnaire } from '../../seed/data/questionnaires/erectile-dysfunction';
import { hairLossQuestionnaire } from '../../seed/data/questionnaires/hair-loss';
import {
  bmiAnswer,
  eligibleErectileDysfunctionAnswers,
  eligibleHairLossAnswers,
  eligibleWeightLossAnswers,
} from '../../seed/data/questionnaires/sample-answers';
import { weightLossQuestionnaire } from '../../seed/data/questionnaires/weight-loss';
import { CONSULTATION_REQUIRED_MESSAGE, DOSE_NOT_ALLOWED_MESSAGE, NOT_ELIGIBLE_MESSAGE } from './prescription-guard';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const QUESTIONNAIRES = {
  'weight-loss': weightLossQuestionnaire,
  'erectile-dysfunction': erectileDysfunctionQuestionnaire,
  'hair-loss': hairLossQuestionnaire,
} as const;
type Slug = keyof typeof QUESTIONNAIRES;

function inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: unknown, cookie?: string | null) {
  return ctx.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: cookie ? { cookie } : {} });
}

/** Answers a consultation as a browser and returns its quiz-session cookie. */
async function consult(slug: Slug, answers: Record<string, unknown>, cookie?: string | null): Promise<string> {
  const res = await inject('PATCH', `/shop-api/medical-history-for-groups-by-slug/${slug}`, groupAnswers(QUESTIONNAIRES[slug], answers), cookie);
  expect(res.statusCode).toBe(200);
  return cookie ?? cookieFrom(res)!;
}

async function newCart(body: Record<string, unknown> = { channel: 'WEB_WL_UK' }): Promise<string> {
  const res = await inject('POST', '/shop-api/carts', body);
  expect(res.statusCode).toBe(201);
  return res.json().tokenValue;
}

async function link(token: string, questionnaireId: number, cookie: string | null) {
  return inject('PUT', `/shop-api/checkout/${token}/medical_history_questionnaire`, { questionnaireId }, cookie);
}

const add = (token: string, item: Record<string, unknown>) => inject('POST', `/shop-api/carts/${token}/items`, item);
const shampoo = { productCode: 'POWER-SHAMPOO', variantCode: 'POWER-SHAMPOO-250ML', frequency: 30 };
const wegovy = (variantCode = 'WEGOVY-0-25MG', frequency = 30) => ({ productCode: 'WEGOVY', variantCode, frequency });
const cartOf = (res: { json(): unknown }): Cart => cartSchema.parse(res.json());
const lines = (cart: Cart) => cart.items.map((item) => [item.variant.code, item.frequency, item.quantity]);

describe('carts', () => {
  it('creates an empty cart with an unguessable token', async () => {
    const res = await inject('POST', '/shop-api/carts', { channel: 'WEB_WL_UK', couponCode: 'WELCOME20' });
    expect(res.statusCode).toBe(201);
    const cart = cartOf(res);
    expect(cart.tokenValue).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cart).toMatchObject({ channel: 'WEB_WL_UK', items: [], couponCode: 'WELCOME20', consultations: [] });
    expect(cart.totals).toEqual({ subtotal: 0, discount: 0, shipping: 0, credit: 0, total: 0 });

    const fetched = await inject('GET', `/shop-api/carts/${cart.tokenValue}`);
    expect(fetched.statusCode).toBe(200);
    expect(cartOf(fetched)).toEqual(cart);
    expect(fetched.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for an unknown token, whatever its shape', async () => {
    for (const token of ['A'.repeat(43), 'not-a-token']) {
      const res = await inject('GET', `/shop-api/carts/${token}`);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect((await add(token, shampoo)).statusCode).toBe(404);
      expect((await inject('DELETE', `/shop-api/carts/${token}`)).statusCode).toBe(404);
      expect((await inject('DELETE', `/shop-api/carts/${token}/items/1`)).statusCode).toBe(404);
    }
  });

  it('refuses a token holding a NUL as bad input, naming the path value', async () => {
    const res = await inject('GET', '/shop-api/carts/%00');
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues[0].field).toBe('params.token');
  });

  it.each([
    ['an unknown channel', { channel: 'WEB_XX' }],
    ['no channel', {}],
    ['a coupon with a NUL', { channel: 'WEB_WL_UK', couponCode: 'A\u0000' }],
  ])('refuses to create a cart with %s', async (_name, body) => {
    expect((await inject('POST', '/shop-api/carts', body)).statusCode).toBe(400);
  });

  it('adds, replaces and removes non-prescription items with server prices, no consultation needed', async () => {
    const token = await newCart();
    const added = await add(token, shampoo);
    expect(added.statusCode).toBe(201);
    let cart = cartOf(added);
    expect(cart.items).toEqual([
      {
        id: expect.any(Number),
        product: expect.objectContaining({ code: 'POWER-SHAMPOO', slug: 'power-shampoo', isPrescriptionOnly: false }),
        variant: expect.objectContaining({ code: 'POWER-SHAMPOO-250ML', quantityPerMonthType: 'bottle' }),
        frequency: 30,
        quantity: 1,
        unitPrice: 1299,
        total: 1299,
        itemDiscounts: [],
      },
    ]);
    const lineId = cart.items[0]!.id;

    cart = cartOf(await add(token, { ...shampoo, frequency: 90, quantity: 2 }));
    expect(lines(cart)).toEqual([['POWER-SHAMPOO-250ML', 90, 2]]);
    expect(cart.items[0]!.id).toBe(lineId);
    expect(cart.totals).toEqual({ subtotal: 2 * 3597, discount: 0, shipping: 0, credit: 0, total: 2 * 3597 });

    cart = cartOf(await add(token, { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 1 }));
    expect(lines(cart)).toEqual([
      ['POWER-SHAMPOO-250ML', 90, 2],
      ['DAILY-MULTIVITAMIN-30', 1, 1],
    ]);
    expect(cart.totals.total).toBe(2 * 3597 + 1299);

    const removed = await inject('DELETE', `/shop-api/carts/${token}/items/${lineId}`);
    expect(removed.statusCode).toBe(200);
    expect(lines(cartOf(removed))).toEqual([['DAILY-MULTIVITAMIN-30', 1, 1]]);
    expect((await inject('DELETE', `/shop-api/carts/${token}/items/${lineId}`)).statusCode).toBe(404);
  });

  it("will not remove another cart's item", async () => {
    const mine = await newCart();
    const theirs = await newCart();
    const theirItem = cartOf(await add(theirs, shampoo)).items[0]!.id;
    const res = await inject('DELETE', `/shop-api/carts/${mine}/items/${theirItem}`);
    expect(res.statusCode).toBe(404);
    expect(cartOf(await inject('GET', `/shop-api/carts/${theirs}`)).items).toHaveLength(1);
  });

  it('deletes a cart with 204, after which it is gone', async () => {
    const token = await newCart();
    await add(token, shampoo);
    const res = await inject('DELETE', `/shop-api/carts/${token}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await inject('GET', `/shop-api/carts/${token}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `/shop-api/carts/${token}`)).statusCode).toBe(404);
  });

  it('uses the discounted price when there is one', async () => {
    const [variant] = await ctx.database.db.select().from(productVariants).where(eq(productVariants.code, 'POWER-SHAMPOO-250ML'));
    await ctx.database.db
      .update(variantPrices)
      .set({ discountedPrice: 2999 })
      .where(and(eq(variantPrices.variantId, variant!.id), eq(variantPrices.frequency, 90)));
    const token = await newCart();
    const cart = cartOf(await add(token, { ...shampoo, frequency: 90 }));
    expect(cart.items[0]).toMatchObject({ unitPrice: 2999, total: 2999 });
    expect(cart.totals.total).toBe(2999);
    // Other tests here price the shampoo as the catalogue does.
    await ctx.database.db.update(variantPrices).set({ discountedPrice: null }).where(and(eq(variantPrices.variantId, variant!.id), eq(variantPrices.frequency, 90)));
  });

  describe('refusals', () => {
    it('400 for a variant of another product, or an unknown one', async () => {
      const token = await newCart();
      for (const item of [
        { productCode: 'POWER-SHAMPOO', variantCode: 'MINOXIDIL-5PCT-60ML', frequency: 30 },
        { productCode: 'POWER-SHAMPOO', variantCode: 'NO-SUCH-VARIANT', frequency: 30 },
        { productCode: 'POWER-SHAMPOO', variantCode: "x' or 1=1 --", frequency: 30 },
      ]) {
        const res = await add(token, item);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'UNKNOWN_VARIANT', message: expect.stringContaining(item.variantCode) });
      }
    });

    it('400 for a frequency the variant is not sold at', async () => {
      const [variant] = await ctx.database.db.select().from(productVariants).where(eq(productVariants.code, 'DAILY-MULTIVITAMIN-30'));
      await ctx.database.db.delete(variantPrices).where(and(eq(variantPrices.variantId, variant!.id), eq(variantPrices.frequency, 90)));
      const res = await add(await newCart(), { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 90 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'NO_PRICE', message: "'DAILY-MULTIVITAMIN-30' cannot be bought as quarterly." });
    });

    it('follow stock as the database has it now, whatever this process has cached', async () => {
      const setStock = (code: string, inStock: boolean) =>
        ctx.database.db.update(productVariants).set({ inStock }).where(eq(productVariants.code, code));
      const multivitamin = { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 30 };
      expect((await add(await newCart(), multivitamin)).statusCode).toBe(201);
      await setStock('DAILY-MULTIVITAMIN-30', false);
      const token = await newCart();
      const outOfStock = await add(token, multivitamin);
      expect(outOfStock.statusCode).toBe(409);
      expect(outOfStock.json().code).toBe('OUT_OF_STOCK');
      expect(cartOf(await inject('GET', `/shop-api/carts/${token}`)).items).toEqual([]);
      await setStock('DAILY-MULTIVITAMIN-30', true);

      const daily = { productCode: 'TADALAFIL', variantCode: 'TADALAFIL-DAILY-5MG-28', frequency: 30 };
      await setStock('TADALAFIL-DAILY-5MG-28', false);
      expect((await add(token, daily)).statusCode).toBe(409);
      await setStock('TADALAFIL-DAILY-5MG-28', true);
      // Back in stock: the next refusal is the prescription guard's, not a stale 409.
      expect((await add(token, daily)).json().code).toBe('CONSULTATION_REQUIRED');
    });

    it('400 for a product not sold on the cart’s channel', async () => {
      const res = await add(await newCart({ channel: 'WEB_BR' }), shampoo);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('NOT_SOLD_ON_CHANNEL');
    });

    it('400 for Ozempic: a diabetes medicine, not part of the weight-loss programme', async () => {
      const res = await add(await newCart(), { productCode: 'OZEMPIC', variantCode: 'OZEMPIC-0-5MG', frequency: 30 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'NOT_SOLD_ON_CHANNEL' });
      const listed = await inject('GET', '/shop-api/products/by-code?codes=WEGOVY,OZEMPIC&channel=WEB_WL_UK&limit=5');
      expect(listed.json().map((product: { code: string }) => product.code)).toEqual(['WEGOVY']);
    });

    it.each([
      ['malformed JSON', '{"productCode":', 'application/json'],
      ['a string quantity', JSON.stringify({ ...shampoo, quantity: 'two' }), 'application/json'],
      ['a frequency of 45', JSON.stringify({ ...shampoo, frequency: 45 }), 'application/json'],
      ['a quantity of 0', JSON.stringify({ ...shampoo, quantity: 0 }), 'application/json'],
      ['no variant', JSON.stringify({ productCode: 'POWER-SHAMPOO', frequency: 30 }), 'application/json'],
      ['a NUL in a code', JSON.stringify({ ...shampoo, variantCode: 'POWER\u0000' }), 'application/json'],
    ])('400, never 500, for %s', async (_name, payload, type) => {
      const token = await newCart();
      const res = await ctx.app.inject({ method: 'POST', url: `/shop-api/carts/${token}/items`, payload, headers: { 'content-type': type } });
      expect(res.statusCode).toBe(400);
    });

    it('400 for an item id that is not a positive 32-bit number', async () => {
      const token = await newCart();
      for (const id of ['abc', '0', '-1', '99999999999']) {
        expect((await inject('DELETE', `/shop-api/carts/${token}/items/${id}`)).statusCode, id).toBe(400);
      }
    });
  });
});

describe('the prescription guard', () => {
  it('refuses Wegovy in a cart without a consultation: 422 CONSULTATION_REQUIRED', async () => {
    const res = await add(await newCart(), wegovy());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'CONSULTATION_REQUIRED', message: CONSULTATION_REQUIRED_MESSAGE, details: { productCode: 'WEGOVY' } });
    expect(CONSULTATION_REQUIRED_MESSAGE).toBe('Please complete the online consultation before adding this treatment.');
  });

  it('links only the consultation of the browser that asks (by its quiz_session cookie)', async () => {
    const patient = await consult('weight-loss', eligibleWeightLossAnswers);
    const token = await newCart();
    const noCookie = await link(token, 1, null);
    expect(noCookie.statusCode).toBe(404);
    expect(noCookie.json().code).toBe('NO_CONSULTATION');
    const otherBrowser = await consult('hair-loss', { hl_sex: 'male' });
    expect((await link(token, 1, otherBrowser)).json().code).toBe('NO_CONSULTATION');
    expect((await link(token, 1, `quiz_session=${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await add(token, wegovy())).statusCode).toBe(422);

    const linked = await link(token, 1, patient);
    expect(linked.statusCode).toBe(200);
    expect(cartOf(linked).consultations).toEqual(['weight-loss']);
    expect((await link('A'.repeat(43), 1, patient)).statusCode).toBe(404);
  });

  it('refuses Wegovy after a rejected consultation: 422 NOT_ELIGIBLE', async () => {
    const patient = await consult('weight-loss', { ...eligibleWeightLossAnswers, wl_bmi: bmiAnswer(18), wl_goal_weight: null });
    const token = await newCart();
    expect((await link(token, 1, patient)).statusCode).toBe(200);
    const res = await add(token, wegovy());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'NOT_ELIGIBLE', message: NOT_ELIGIBLE_MESSAGE });
    expect(NOT_ELIGIBLE_MESSAGE).toBe('Based on your consultation this treatment is not suitable for you.');
  });

  it('accepts Wegovy once an eligible consultation is linked, one supply of one dose', async () => {
    const patient = await consult('weight-loss', eligibleWeightLossAnswers);
    const token = await newCart();
    await link(token, 1, patient);
    const res = await add(token, { ...wegovy(), quantity: 3 });
    expect(res.statusCode).toBe(201);
    expect(lines(cartOf(res))).toEqual([['WEGOVY-0-25MG', 30, 1]]);
    expect(cartOf(res).totals.total).toBe(14900);

    // Another dose, or another weight-loss medicine, replaces the line: one course of treatment at a time.
    expect(lines(cartOf(await add(token, wegovy('WEGOVY-0-25MG', 90))))).toEqual([['WEGOVY-0-25MG', 90, 1]]);
    const mounjaro = cartOf(await add(token, { productCode: 'MOUNJARO', variantCode: 'MOUNJARO-2-5MG', frequency: 30 }));
    expect(lines(mounjaro)).toEqual([['MOUNJARO-2-5MG', 30, 1]]);
    // Non-prescription items sit beside it.
    expect(lines(cartOf(await add(token, shampoo)))).toEqual([
      ['MOUNJARO-2-5MG', 30, 1],
      ['POWER-SHAMPOO-250ML', 30, 1],
    ]);
  });

  it('needs a finished consultation, and one for that treatment', async () => {
    const token = await newCart();
    const started = await consult('weight-loss', { wl_bmi: bmiAnswer(35), wl_dob: '1980-01-01' });
    await link(token, 1, started);
    expect((await add(token, wegovy())).json().code).toBe('CONSULTATION_REQUIRED');

    const hair = await consult('hair-loss', eligibleHairLossAnswers);
    const hairCart = await newCart();
    await link(hairCart, 3, hair);
    expect((await add(hairCart, wegovy())).json().code).toBe('CONSULTATION_REQUIRED');
    expect((await add(hairCart, { productCode: 'FINASTERIDE', variantCode: 'FINASTERIDE-1MG-28', frequency: 30 })).statusCode).toBe(201);
  });

  it('never lets finasteride into a woman’s cart', async () => {
    const woman = await consult('hair-loss', { ...eligibleHairLossAnswers, hl_sex: 'female', hl_pregnancy: 'no', hl_pattern: 'diffuse' });
    const token = await newCart();
    await link(token, 3, woman);
    const res = await add(token, { productCode: 'FINASTERIDE', variantCode: 'FINASTERIDE-1MG-28', frequency: 30 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('NOT_ELIGIBLE');
    expect((await add(token, { productCode: 'MINOXIDIL-WOMEN-2', variantCode: 'MINOXIDIL-2PCT-60ML', frequency: 30 })).statusCode).toBe(201);
  });

  it('holds a pharmacy medicine to the linked consultation: minoxidil 5% solution for men, the 2% solution and 5% foam for women', async () => {
    const woman = await consult('hair-loss', { ...eligibleHairLossAnswers, hl_sex: 'female', hl_pregnancy: 'no', hl_pattern: 'diffuse' });
    const token = await newCart();
    await link(token, 3, woman);
    expect((await add(token, { productCode: 'MINOXIDIL', variantCode: 'MINOXIDIL-5PCT-60ML', frequency: 30 })).json().code).toBe('NOT_ELIGIBLE');
    expect((await add(token, { productCode: 'MINOXIDIL-FOAM-5', variantCode: 'MINOXIDIL-5PCT-FOAM-60G', frequency: 30 })).statusCode).toBe(201);

    const man = await consult('hair-loss', eligibleHairLossAnswers);
    const mansCart = await newCart();
    await link(mansCart, 3, man);
    expect((await add(mansCart, { productCode: 'MINOXIDIL-WOMEN-2', variantCode: 'MINOXIDIL-2PCT-60ML', frequency: 30 })).json().code).toBe('NOT_ELIGIBLE');
    // Over 65: no minoxidil at all.
    const older = await consult('hair-loss', { ...eligibleHairLossAnswers, hl_dob: '1950-01-01' });
    const oldersCart = await newCart();
    await link(oldersCart, 3, older);
    expect((await add(oldersCart, { productCode: 'MINOXIDIL', variantCode: 'MINOXIDIL-5PCT-60ML', frequency: 30 })).json().code).toBe('NOT_ELIGIBLE');
    // Without a hair-loss consultation a pharmacy medicine is refused, as the product page says: the consultation
    // asks the questions a pharmacist must ask before selling it.
    for (const item of [
      { productCode: 'MINOXIDIL', variantCode: 'MINOXIDIL-5PCT-60ML', frequency: 30 },
      { productCode: 'MINOXIDIL-WOMEN-2', variantCode: 'MINOXIDIL-2PCT-60ML', frequency: 30 },
      { productCode: 'MINOXIDIL-FOAM-5', variantCode: 'MINOXIDIL-5PCT-FOAM-60G', frequency: 30 },
    ]) {
      const res = await add(await newCart(), item);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 'CONSULTATION_REQUIRED', message: CONSULTATION_REQUIRED_MESSAGE, details: { productCode: item.productCode } });
    }
    // Nor does another condition's consultation stand in for it.
    const weightLoss = await consult('weight-loss', eligibleWeightLossAnswers);
    const weightLossCart = await newCart();
    await link(weightLossCart, 1, weightLoss);
    expect((await add(weightLossCart, { productCode: 'MINOXIDIL', variantCode: 'MINOXIDIL-5PCT-60ML', frequency: 30 })).json().code).toBe('CONSULTATION_REQUIRED');
  });

  it('offers tadalafil only when eligible (not with an alpha-blocker), sildenafil then', async () => {
    const patient = await consult('erectile-dysfunction', { ...eligibleErectileDysfunctionAnswers, ed_medicines_taken: ['alpha_blocker'] });
    const token = await newCart();
    await link(token, 2, patient);
    expect((await add(token, { productCode: 'TADALAFIL', variantCode: 'TADALAFIL-10MG-8', frequency: 30 })).json().code).toBe('NOT_ELIGIBLE');
    // Sildenafil at 25 mg only (Viagra SmPC 4.2): an alpha-blocker lowers blood pressure too.
    expect((await add(token, { productCode: 'SILDENAFIL', variantCode: 'SILDENAFIL-50MG-8', frequency: 30 })).json()).toMatchObject({ code: 'DOSE_NOT_ALLOWED', details: { allowedVariants: ['SILDENAFIL-25MG-8'] } });
    expect((await add(token, { productCode: 'SILDENAFIL', variantCode: 'SILDENAFIL-25MG-8', frequency: 30 })).statusCode).toBe(201);
  });

  describe('the starting-dose lock', () => {
    const mounjaro = (variantCode: string) => ({ productCode: 'MOUNJARO', variantCode, frequency: 30 });

    it('refuses Mounjaro 15 mg to a patient new to weight-loss injections, with a clear message; 2.5 mg is accepted', async () => {
      const patient = await consult('weight-loss', eligibleWeightLossAnswers);
      const token = await newCart();
      await link(token, 1, patient);
      const res = await add(token, mounjaro('MOUNJARO-15MG'));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'DOSE_NOT_ALLOWED',
        message: DOSE_NOT_ALLOWED_MESSAGE,
        details: { productCode: 'MOUNJARO', variantCode: 'MOUNJARO-15MG', allowedVariants: ['MOUNJARO-2-5MG'] },
      });
      expect(DOSE_NOT_ALLOWED_MESSAGE).toMatch(/^This dose cannot be prescribed from your consultation\. Patients new to a medicine start on the lowest dose/);
      // Several items at once are refused the same way, and nothing goes in.
      const many = await inject('POST', `/shop-api/carts/${token}/multiple-items`, { items: [shampoo, mounjaro('MOUNJARO-5MG')] });
      expect(many.json().code).toBe('DOSE_NOT_ALLOWED');
      expect(cartOf(await inject('GET', `/shop-api/carts/${token}`)).items).toEqual([]);
      expect((await add(token, mounjaro('MOUNJARO-2-5MG'))).statusCode).toBe(201);
    });

    it('lets a continuing patient buy the dose they take now, and no other', async () => {
      const lastDose = addDays(ukToday(new Date()), -7);
      const patient = await consult('weight-loss', { ...eligibleWeightLossAnswers, wl_current_injection: 'MOUNJARO|||MOUNJARO-15MG', wl_last_dose_date: lastDose });
      const token = await newCart();
      await link(token, 1, patient);
      expect((await add(token, mounjaro('MOUNJARO-12-5MG'))).json().code).toBe('DOSE_NOT_ALLOWED');
      expect((await add(token, mounjaro('MOUNJARO-15MG'))).statusCode).toBe(201);
    });

    it('after a gap of more than 2 weeks, restarts one dose lower', async () => {
      const lastDose = addDays(ukToday(new Date()), -20);
      const patient = await consult('weight-loss', { ...eligibleWeightLossAnswers, wl_current_injection: 'MOUNJARO|||MOUNJARO-15MG', wl_last_dose_date: lastDose });
      const token = await newCart();
      await link(token, 1, patient);
      expect((await add(token, mounjaro('MOUNJARO-15MG'))).json()).toMatchObject({ code: 'DOSE_NOT_ALLOWED', details: { allowedVariants: ['MOUNJARO-12-5MG'] } });
      expect((await add(token, mounjaro('MOUNJARO-12-5MG'))).statusCode).toBe(201);
    });
  });

  it('judges the stored answers again at add time, never the stored outcome', async () => {
    const patient = await consult('weight-loss', eligibleWeightLossAnswers);
    const token = await newCart();
    const linked = cartOf(await link(token, 1, patient));
    expect(linked.consultations).toEqual(['weight-loss']);
    const [row] = await ctx.database.db.select().from(consultations).where(eq(consultations.sessionHash, await hashOf(patient)));
    const eligibleOutcome = row!.outcome;
    // The answers now say BMI 18 while the stored outcome still says eligible (as if the rules had changed).
    await ctx.database.db
      .update(consultations)
      .set({ answers: { ...row!.answers, wl_bmi: bmiAnswer(18) }, outcome: eligibleOutcome })
      .where(eq(consultations.id, row!.id));
    expect(eligibleOutcome.eligibleProducts).toContain('WEGOVY');
    expect((await add(token, wegovy())).json().code).toBe('NOT_ELIGIBLE');

    // And the other way round: answers eligible, a stale rejected outcome stored.
    const questionnaire = questionnaireSchema.parse(weightLossQuestionnaire);
    const rejected = evaluateConsultation(questionnaire, { ...eligibleWeightLossAnswers, wl_bmi: bmiAnswer(18) }, '2026-01-01');
    await ctx.database.db.update(consultations).set({ answers: row!.answers, outcome: rejected }).where(eq(consultations.id, row!.id));
    expect((await add(token, wegovy())).statusCode).toBe(201);
  });

  it('follows the patient’s later answers: a knock-out after linking stops the next add', async () => {
    const patient = await consult('weight-loss', eligibleWeightLossAnswers);
    const token = await newCart();
    await link(token, 1, patient);
    expect((await add(token, wegovy())).statusCode).toBe(201);
    await consult('weight-loss', { wl_contraindications: ['pancreatitis'] }, patient);
    expect((await add(token, wegovy('WEGOVY-0-5MG'))).json().code).toBe('NOT_ELIGIBLE');
  });

  it('links one consultation per questionnaire: a new link replaces the old', async () => {
    const rejected = await consult('weight-loss', { ...eligibleWeightLossAnswers, wl_bmi: bmiAnswer(18), wl_goal_weight: null });
    const eligible = await consult('weight-loss', eligibleWeightLossAnswers);
    const token = await newCart();
    await link(token, 1, eligible);
    await link(token, 1, rejected);
    expect((await add(token, wegovy())).json().code).toBe('NOT_ELIGIBLE');
    const relinked = cartOf(await link(token, 1, eligible));
    expect(relinked.consultations).toEqual(['weight-loss']);
    expect((await add(token, wegovy())).statusCode).toBe(201);
  });
});

describe('POST /shop-api/carts/{token}/multiple-items', () => {
  it('adds every item, in one go', async () => {
    const patient = await consult('hair-loss', eligibleHairLossAnswers);
    const token = await newCart();
    await link(token, 3, patient);
    const res = await inject('POST', `/shop-api/carts/${token}/multiple-items`, {
      items: [
        { productCode: 'FINASTERIDE', variantCode: 'FINASTERIDE-1MG-28', frequency: 30 },
        { productCode: 'MINOXIDIL', variantCode: 'MINOXIDIL-5PCT-60ML', frequency: 30 },
        shampoo,
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(cartOf(res).items.map((item) => item.product.code)).toEqual(['FINASTERIDE', 'MINOXIDIL', 'POWER-SHAMPOO']);
  });

  it('adds nothing when any item is refused', async () => {
    const token = await newCart();
    const res = await inject('POST', `/shop-api/carts/${token}/multiple-items`, { items: [shampoo, wegovy()] });
    expect(res.statusCode).toBe(422);
    expect(cartOf(await inject('GET', `/shop-api/carts/${token}`)).items).toEqual([]);
    expect((await inject('POST', `/shop-api/carts/${token}/multiple-items`, { items: [] })).statusCode).toBe(400);
    expect((await inject('POST', `/shop-api/carts/${token}/multiple-items`, [shampoo])).statusCode).toBe(400);
  });
});

describe('concurrent adds', () => {
  it('lose no item when five different items are added at once', async () => {
    const patient = await consult('weight-loss', eligibleWeightLossAnswers);
    await consult('erectile-dysfunction', eligibleErectileDysfunctionAnswers, patient);
    await consult('hair-loss', eligibleHairLossAnswers, patient);
    const token = await newCart();
    await link(token, 1, patient);
    await link(token, 2, patient);
    await link(token, 3, patient);
    const items = [
      shampoo,
      { productCode: 'MINOXIDIL', variantCode: 'MINOXIDIL-5PCT-60ML', frequency: 30 },
      { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 30 },
      wegovy('WEGOVY-0-25MG'),
      { productCode: 'SILDENAFIL', variantCode: 'SILDENAFIL-50MG-8', frequency: 30 },
    ];
    const replies = await Promise.all(items.map((item) => add(token, item)));
    expect(replies.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const cart = cartOf(await inject('GET', `/shop-api/carts/${token}`));
    expect(cart.items.map((item) => item.variant.code).sort()).toEqual(items.map((item) => item.variantCode).sort());
    expect(cart.consultations.sort()).toEqual(['erectile-dysfunction', 'hair-loss', 'weight-loss']);
  });

  it('keep one line when several doses of one medicine race', async () => {
    const patient = await consult('erectile-dysfunction', eligibleErectileDysfunctionAnswers);
    const token = await newCart();
    await link(token, 2, patient);
    const doses = ['SILDENAFIL-25MG-8', 'SILDENAFIL-50MG-8', 'SILDENAFIL-100MG-8', 'TADALAFIL-10MG-8', 'TADALAFIL-20MG-8'];
    const replies = await Promise.all(doses.map((dose) => add(token, { productCode: dose.split('-')[0]!, variantCode: dose, frequency: 30 })));
    expect(replies.every((res) => res.statusCode === 201)).toBe(true);
    const cart = cartOf(await inject('GET', `/shop-api/carts/${token}`));
    expect(cart.items).toHaveLength(1);
    const rows = await ctx.database.db.select().from(cartItems).where(inArray(cartItems.id, cart.items.map((item) => item.id)));
    expect(rows).toHaveLength(1);
  });
});

async function hashOf(cookie: string): Promise<string> {
  const { hashSecretToken } = await import('../../lib/secret-token');
  return hashSecretToken(cookie.split('=')[1]!);
}
