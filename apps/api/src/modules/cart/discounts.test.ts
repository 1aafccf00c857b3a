import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object) => ctx.app.inject({ method, url, payload });

async function cartWithShampoo(couponCode?: string) {
  const created = await call('POST', '/shop-api/carts', { channel: 'WEB_WL_UK', ...(couponCode ? { couponCode } : {}) });
  const token: string = created.json().tokenValue;
  const added = await call('POST', `/shop-api/carts/${token}/items`, { productCode: 'POWER-SHAMPOO', variantCode: 'POWER-SHAMPOO-250ML', frequency: 1 });
  expect(added.statusCode).toBe(201);
  return { token, cart: added.json() };
}

describe('discount codes', () => {
  it('applies a coupon remembered from the quiz link when the cart is made', async () => {
    const { cart } = await cartWithShampoo(' welcome20 ');
    expect(cart.couponCode).toBe('WELCOME20');
    expect(cart.discounts).toEqual([
      { code: 'FIRST_ORDER_20', name: '20% off your first order', amount: Math.round(cart.totals.subtotal * 0.2), label: '20% OFF', isCouponBased: true, isExclusive: false },
    ]);
    expect(cart.totals.total).toBe(cart.totals.subtotal - cart.totals.discount);
  });

  it('ignores an unknown coupon on a link rather than refusing the cart', async () => {
    const { cart } = await cartWithShampoo('NOT-A-CODE');
    expect(cart.couponCode).toBeNull();
    expect(cart.discounts).toEqual([]);
  });

  it('applies, replaces and removes a code; an unknown code is refused', async () => {
    const { token, cart } = await cartWithShampoo();
    const bad = await call('PUT', `/shop-api/carts/${token}/coupon`, { coupon: 'NOPE' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'INVALID_COUPON', message: 'This discount code is not valid.' });

    const applied = (await call('PUT', `/shop-api/carts/${token}/coupon`, { coupon: 'save10' })).json();
    expect(applied.discounts.map((d: { label: string; amount: number }) => [d.label, d.amount])).toEqual([
      [`${Math.round((Math.min(1000, cart.totals.subtotal) / cart.totals.subtotal) * 100)}% OFF`, Math.min(1000, cart.totals.subtotal)],
    ]);
    const removed = (await call('DELETE', `/shop-api/carts/${token}/coupon`)).json();
    expect(removed).toMatchObject({ couponCode: null, discounts: [], totals: { discount: 0, total: cart.totals.subtotal } });
  });

  it('limits a product-specific code to its products', async () => {
    const { token } = await cartWithShampoo();
    const applied = (await call('PUT', `/shop-api/carts/${token}/coupon`, { coupon: 'HAIR50' })).json();
    expect(applied.discounts).toEqual([]);
    expect(applied.totals.discount).toBe(0);
  });

  it('answers 404 for an unknown cart', async () => {
    const res = await call('PUT', `/shop-api/carts/${'x'.repeat(43)}/coupon`, { coupon: 'SAVE10' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the sildenafil free trial', () => {
  it('takes 500 off the subtotal for the trial pack, with no code', async () => {
    const { eligibleErectileDysfunctionAnswers } = await import('../../seed/data/questionnaires/sample-answers');
    const answered = await ctx.app.inject({
      method: 'PATCH',
      url: '/shop-api/medical-history-for-groups-by-ids',
      payload: { questionnaireId: 2, answers: eligibleErectileDysfunctionAnswers },
    });
    expect(answered.json().recommendations).toContain('SILDENAFIL');
    const cookie = answered.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const token: string = (await call('POST', '/shop-api/carts', { channel: 'WEB_WL_UK' })).json().tokenValue;
    await ctx.app.inject({ method: 'PUT', url: `/shop-api/checkout/${token}/medical_history_questionnaire`, headers: { cookie }, payload: { questionnaireId: 2 } });
    const added = await call('POST', `/shop-api/carts/${token}/items`, { productCode: 'SILDENAFIL', variantCode: 'SILDENAFIL-50MG-4-TRIAL', frequency: 1 });
    expect(added.statusCode).toBe(201);
    expect(added.json().discounts).toEqual([
      { code: 'SILDENAFIL_FREE_TRIAL', name: 'Sildenafil free trial', amount: 500, label: '100% OFF', isCouponBased: false, isExclusive: false },
    ]);
    expect(added.json().totals).toMatchObject({ subtotal: 500, discount: 500, total: 0 });
  });
});
