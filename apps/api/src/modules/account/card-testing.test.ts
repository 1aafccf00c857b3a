import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cardToken, placeOrder, SANDBOX_CARDS } from '../../../test/support/orders';
import { cookiesOf, signedUpReply, signupBody } from '../../../test/support/patients';

// Card testers save stolen cards one after another to learn which work; a fresh account per batch must not help.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ CHECKOUT_FAILED_ATTEMPTS_PER_HOUR: '2', CARD_CHECK_RATE_LIMIT_PER_ADDRESS: '4', CARD_CHECK_RATE_LIMIT_GLOBAL: '8' });
});
afterAll(() => ctx.close());

const MASTERCARD = '5555555555554444';

async function patientAt(remoteAddress: string): Promise<string> {
  return cookiesOf(await signedUpReply(ctx.app, signupBody(), { remoteAddress }));
}

const saveCard = async (cookie: string, number: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/shop-api/me/payment-tokens', remoteAddress, headers: { cookie }, payload: { token: await cardToken(ctx.app, number) } });

describe('checking cards from the account area', () => {
  it("counts a patient's declined cards as failed payments: past the limit neither a card check nor checkout goes to the bank", async () => {
    const cookie = await patientAt('198.51.100.10');
    const tries = [];
    for (const number of [SANDBOX_CARDS.declines, SANDBOX_CARDS.declines, MASTERCARD]) tries.push((await saveCard(cookie, number, '198.51.100.10')).statusCode);
    expect(tries).toEqual([402, 402, 429]);

    const refused = await saveCard(cookie, MASTERCARD, '198.51.100.11');
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_PAYMENT_ATTEMPTS',
      message: 'There have been too many unsuccessful payment attempts. Please try again in an hour, or contact us for help.',
    });
    expect(refused.headers['retry-after']).toBe('3600');

    const checkout = await placeOrder(ctx.app, cookie);
    expect(checkout.reply.statusCode).toBe(429);
    expect(checkout.reply.json()).toMatchObject({ code: 'TOO_MANY_PAYMENT_ATTEMPTS' });
    expect(checkout.reply.headers['retry-after']).toBe('3600');
  });

  it('paces card checks per network address across accounts, and across the whole shop', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const cookie = await patientAt('203.0.113.20');
      statuses.push((await saveCard(cookie, MASTERCARD, '203.0.113.20')).statusCode);
      statuses.push((await saveCard(cookie, MASTERCARD, '203.0.113.20')).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    const refused = await saveCard(await patientAt('203.0.113.20'), MASTERCARD, '203.0.113.20');
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_CARD_CHECKS',
      message: 'We cannot check another card just now. Please wait a while and try again, or contact us for help.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Four checks in the first test and four here: the shop-wide limit of eight is spent, for every address.
    expect((await saveCard(await patientAt('192.0.2.30'), MASTERCARD, '192.0.2.30')).statusCode).toBe(429);
  });
});
