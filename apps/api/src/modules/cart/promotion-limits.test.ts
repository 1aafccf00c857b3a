import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMOTION_ALREADY_USED_MESSAGE } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cookieFrom } from '../../../test/support/consultation';
import { placeOrder, readyCart, TEST_ADDRESS } from '../../../test/support/orders';
import { cookiesOf, signedInPatient, signedUpReply, signupBody } from '../../../test/support/patients';
import { orders } from '../../db/schema/orders';
import { eligibleErectileDysfunctionAnswers } from '../../seed/data/questionnaires/sample-answers';

/* Issue 38 item 8: each promotion is used at most as many times per patient as it allows (SAVE10 once, the free trial once). */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MULTIVITAMIN_PLAN = { productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 30 } as const;
const SILDENAFIL_TRIAL = { productCode: 'SILDENAFIL', variantCode: 'SILDENAFIL-50MG-4-TRIAL', frequency: 1 } as const;
const orderRow = async (number: string) => (await ctx.database.db.select().from(orders).where(eq(orders.number, number)))[0]!;
const enter = (token: string, cookie: string, coupon: string) =>
  ctx.app.inject({ method: 'PUT', url: `/shop-api/carts/${token}/coupon`, headers: cookie ? { cookie } : {}, payload: { coupon } });

describe('SAVE10, once per patient', () => {
  it('makes one free multivitamin plan; the code is then refused in words, and a basket that had it already pays in full', async () => {
    const body = signupBody();
    const cookie = cookiesOf(await signedUpReply(ctx.app, body));
    const first = await readyCart(ctx.app, cookie, { consult: false, items: [MULTIVITAMIN_PLAN] });
    expect((await enter(first, cookie, 'SAVE10')).json()).toMatchObject({ totals: { subtotal: 999, discount: 999, total: 0 } });
    const free = await placeOrder(ctx.app, cookie, { cartToken: first });
    expect(free.reply.statusCode, free.reply.body).toBe(201);
    expect(await orderRow(free.orderNumber!)).toMatchObject({ discount: 999, total: 0 });

    // Signed out, the code works on a visitor's basket (who they are is not known yet)...
    const created = await ctx.app.inject({ method: 'POST', url: '/shop-api/carts', payload: { channel: 'WEB_WL_UK' } });
    const visitor = (created.json() as { tokenValue: string }).tokenValue;
    await ctx.app.inject({ method: 'POST', url: `/shop-api/carts/${visitor}/items`, payload: MULTIVITAMIN_PLAN });
    expect((await enter(visitor, '', 'SAVE10')).json()).toMatchObject({ totals: { discount: 999, total: 0 } });
    // ...and signing in prices it for the patient: no £10 off any more, so a card pays for it.
    const login = await ctx.app.inject({ method: 'POST', url: '/shop-api/login', payload: { _username: body.email, _password: body.plainPassword, cartToken: visitor } });
    expect(login.statusCode).toBe(200);
    const signedIn = cookiesOf(login);
    const shown = await ctx.app.inject({ url: `/shop-api/carts/${visitor}`, headers: { cookie: signedIn } });
    expect(shown.json()).toMatchObject({ couponCode: 'SAVE10', discounts: [], totals: { discount: 0, total: 999 } });
    await ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${visitor}/address`, payload: { shippingAddress: TEST_ADDRESS }, headers: { cookie: signedIn } });
    const paid = await placeOrder(ctx.app, signedIn, { cartToken: visitor });
    expect(paid.reply.statusCode, paid.reply.body).toBe(201);
    expect(await orderRow(paid.orderNumber!)).toMatchObject({ discount: 0, total: 999 });

    const third = await readyCart(ctx.app, signedIn, { consult: false, items: [MULTIVITAMIN_PLAN] });
    const refused = await enter(third, signedIn, 'SAVE10');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: 'COUPON_ALREADY_USED', message: PROMOTION_ALREADY_USED_MESSAGE, details: { coupon: 'SAVE10' } });
  });

  it('stays open to another patient', async () => {
    const other = await signedInPatient(ctx.app);
    const token = await readyCart(ctx.app, other, { consult: false, items: [MULTIVITAMIN_PLAN] });
    expect((await enter(token, other, 'SAVE10')).statusCode).toBe(200);
  });
});

describe('the sildenafil free trial, once per patient', () => {
  /** A signed-in patient's basket with the trial pack, under an eligible erectile dysfunction consultation. */
  async function trialBasket(cookie: string) {
    const answered = await ctx.app.inject({
      method: 'PATCH',
      url: '/shop-api/medical-history-for-groups-by-ids',
      payload: { questionnaireId: 2, answers: eligibleErectileDysfunctionAnswers },
      headers: { cookie },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const withQuiz = `${cookie}; ${cookieFrom(answered)}`;
    const token = await readyCart(ctx.app, cookie, { consult: false, items: [], address: true });
    const linked = await ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${token}/medical_history_questionnaire`, headers: { cookie: withQuiz }, payload: { questionnaireId: 2 } });
    expect(linked.statusCode, linked.body).toBe(200);
    const added = await ctx.app.inject({ method: 'POST', url: `/shop-api/carts/${token}/items`, headers: { cookie }, payload: SILDENAFIL_TRIAL });
    expect(added.statusCode, added.body).toBe(201);
    return { token, shown: added.json() as { totals: { discount: number; total: number } } };
  }

  it('is free on the first order only', async () => {
    const cookie = await signedInPatient(ctx.app);
    const first = await trialBasket(cookie);
    expect(first.shown.totals).toMatchObject({ discount: 500, total: 0 });
    const free = await placeOrder(ctx.app, cookie, { cartToken: first.token });
    expect(free.reply.statusCode, free.reply.body).toBe(201);
    expect(await orderRow(free.orderNumber!)).toMatchObject({ total: 0 });

    const second = await trialBasket(cookie);
    expect(second.shown.totals).toMatchObject({ discount: 0, total: 500 });
  });
});
