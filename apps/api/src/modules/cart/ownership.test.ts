import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cookiesOf, signedUpReply, signupBody } from '../../../test/support/patients';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const account = (cartToken?: string) => signupBody(cartToken ? { cartToken } : {});

async function shampooCart(cookie?: string): Promise<string> {
  const token: string = (await call('POST', '/shop-api/carts', cookie, { channel: 'WEB_WL_UK' })).json().tokenValue;
  await call('POST', `/shop-api/carts/${token}/items`, cookie, { productCode: 'POWER-SHAMPOO', variantCode: 'POWER-SHAMPOO-250ML', frequency: 30 });
  return token;
}

describe('cart ownership', () => {
  it("becomes the patient's at signup, and then no other session can read or change it", async () => {
    const token = await shampooCart();
    const owner = cookiesOf(await signedUpReply(ctx.app, account(token)));
    expect((await call('GET', `/shop-api/carts/${token}`, owner)).statusCode).toBe(200);

    const stranger = cookiesOf(await signedUpReply(ctx.app, account()));
    const attempts: [Method, string, object?][] = [
      ['GET', `/shop-api/carts/${token}`],
      ['POST', `/shop-api/carts/${token}/items`, { productCode: 'POWER-SHAMPOO', variantCode: 'POWER-SHAMPOO-250ML', frequency: 1 }],
      ['PUT', `/shop-api/carts/${token}/coupon`, { coupon: 'SAVE10' }],
      ['DELETE', `/shop-api/carts/${token}/coupon`],
      ['DELETE', `/shop-api/carts/${token}/items/1`],
      ['PUT', `/shop-api/checkout/${token}/medical_history_questionnaire`, { questionnaireId: 1 }],
      ['DELETE', `/shop-api/carts/${token}`],
    ];
    for (const [method, url, body] of attempts) {
      expect((await call(method, url, stranger, body)).statusCode, `${method} ${url} as a stranger`).toBe(404);
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} as a visitor`).toBe(404);
    }
    const cart = (await call('GET', `/shop-api/carts/${token}`, owner)).json();
    expect(cart.items).toHaveLength(1);
    expect(cart.couponCode).toBeNull();
  });

  it('is claimed at login too, and a cart someone already owns cannot be claimed by another', async () => {
    const body = account();
    await signedUpReply(ctx.app, body);
    const token = await shampooCart();
    const login = await call('POST', '/shop-api/login', undefined, { _username: body.email, _password: body.plainPassword, cartToken: token });
    const owner = cookiesOf(login);
    expect((await call('GET', `/shop-api/carts/${token}`, owner)).statusCode).toBe(200);

    const thief = account(token);
    const thiefCookie = cookiesOf(await signedUpReply(ctx.app, thief));
    expect((await call('GET', `/shop-api/carts/${token}`, thiefCookie)).statusCode).toBe(404);
    expect((await call('GET', `/shop-api/carts/${token}`, owner)).statusCode).toBe(200);
  });
});
