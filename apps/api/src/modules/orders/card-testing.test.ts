import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { sandboxPayments } from '../../db/schema/sandbox-gateway';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cardToken, finishSandboxAction, readyCart, SANDBOX_CARDS } from '../../../test/support/orders';
import { cookiesOf, signedUpReply, signupBody } from '../../../test/support/patients';

// Card testers open a fresh account per batch of stolen cards: the patient's own count must not be the only one.
// The shop's clock is the test's, so the slowdowns pass without sleeping.
let clock = Date.now();
const now = () => new Date(clock);

const OPEN = { CHECKOUT_FAILED_ATTEMPTS_PER_HOUR: '1000', CHECKOUT_DECLINES_PER_ADDRESS_PER_HOUR: '1000', CHECKOUT_DECLINES_PER_CARD_PER_HOUR: '1000', CHECKOUT_DECLINES_PER_HOUR: '10000' };

async function patient(ctx: TestContext, remoteAddress: string): Promise<string> {
  return cookiesOf(await signedUpReply(ctx.app, signupBody(), { remoteAddress }));
}

/** A fresh account's checkout from `remoteAddress` with `card`: the reply, with its order number when it named one. */
async function pay(ctx: TestContext, remoteAddress: string, card: string, cookie?: string) {
  const cookies = cookie ?? (await patient(ctx, remoteAddress));
  const cartToken = await readyCart(ctx.app, cookies);
  const reply = await ctx.app.inject({
    method: 'POST',
    url: `/shop-api/checkout/${cartToken}/complete`,
    remoteAddress,
    payload: { mode: 'NEW_CARD', token: await cardToken(ctx.app, card) },
    headers: { cookie: cookies, 'idempotency-key': crypto.randomUUID() },
  });
  return { reply, cookies, cartToken, retryAfter: Number(reply.headers['retry-after'] ?? 0) };
}

describe('declines from one network address, whatever the account', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ ...OPEN, CHECKOUT_DECLINES_PER_ADDRESS_PER_HOUR: '4', CHECKOUT_DECLINES_BEFORE_SLOWDOWN: '2' }, { now });
  });
  afterAll(() => ctx.close());

  it('slow new accounts down from half the limit, then refuse them with when to retry; other addresses carry on', async () => {
    const tester = '203.0.113.66';
    const start = clock;
    expect((await pay(ctx, tester, SANDBOX_CARDS.declines)).reply.statusCode).toBe(402);
    clock += 1000;
    expect((await pay(ctx, tester, SANDBOX_CARDS.declines)).reply.statusCode).toBe(402);

    const slowed = await pay(ctx, tester, SANDBOX_CARDS.declines);
    expect(slowed.reply.statusCode).toBe(429);
    expect(slowed.reply.json()).toEqual({
      code: 'TOO_MANY_PAYMENT_ATTEMPTS',
      message: 'There have been several unsuccessful payment attempts. Please wait 15 seconds before trying again.',
    });
    expect(slowed.retryAfter).toBe(15);
    clock += 15_000;
    expect((await pay(ctx, tester, SANDBOX_CARDS.declines)).reply.statusCode).toBe(402);
    const slowerStill = await pay(ctx, tester, SANDBOX_CARDS.declines);
    expect(slowerStill.retryAfter).toBe(30);
    clock += 30_000;
    expect((await pay(ctx, tester, SANDBOX_CARDS.declines)).reply.statusCode).toBe(402);

    // Four declines: refused, even with a good card, until the first of them is an hour old.
    const refused = await pay(ctx, tester, SANDBOX_CARDS.authorises);
    expect(refused.reply.statusCode).toBe(429);
    expect(refused.reply.json()).toEqual({
      code: 'TOO_MANY_PAYMENT_ATTEMPTS',
      message: 'There have been too many unsuccessful payment attempts. Please try again in 60 minutes, or contact us for help.',
    });
    expect(refused.retryAfter).toBe((start + 3600_000 - clock) / 1000);
    expect((await pay(ctx, '198.51.100.7', SANDBOX_CARDS.authorises)).reply.statusCode).toBe(201);

    clock = start + 3600_000 + 1;
    expect((await pay(ctx, tester, SANDBOX_CARDS.authorises)).reply.statusCode).toBe(201);
  });

  it('slow one patient down across addresses too', async () => {
    clock += 2 * 3600_000;
    const cookie = await patient(ctx, '192.0.2.10');
    expect((await pay(ctx, '192.0.2.10', SANDBOX_CARDS.declines, cookie)).reply.statusCode).toBe(402);
    expect((await pay(ctx, '192.0.2.11', SANDBOX_CARDS.declines, cookie)).reply.statusCode).toBe(402);
    const slowed = await pay(ctx, '192.0.2.12', SANDBOX_CARDS.authorises, cookie);
    expect(slowed.reply.statusCode).toBe(429);
    expect(slowed.retryAfter).toBe(15);
  });
});

describe('declines of one card, whoever pays with it', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ ...OPEN, CHECKOUT_DECLINES_PER_CARD_PER_HOUR: '3', CHECKOUT_DECLINES_BEFORE_SLOWDOWN: '2' }, { now });
  });
  afterAll(() => ctx.close());

  it('are counted by the fingerprint the gateway answers with, from every account and address', async () => {
    const start = clock;
    expect((await pay(ctx, '203.0.113.1', SANDBOX_CARDS.declines)).reply.statusCode).toBe(402);
    clock += 1000;
    expect((await pay(ctx, '203.0.113.2', SANDBOX_CARDS.declines)).reply.statusCode).toBe(402);
    // Past its free declines the card's answer is the shop's refusal, whatever the bank said; the bank's decline still counts.
    const refused = await pay(ctx, '203.0.113.3', SANDBOX_CARDS.declines);
    expect(refused.reply.statusCode).toBe(429);
    expect(refused.reply.json()).toEqual({
      code: 'TOO_MANY_CARD_ATTEMPTS',
      message: 'There have been too many unsuccessful payment attempts. Please try again in 60 minutes, or contact us for help.',
    });
    expect(refused.retryAfter).toBe((start + 3600_000 - clock) / 1000);
    const fingerprints = await ctx.database.db.selectDistinct({ fingerprint: payments.cardFingerprint }).from(payments);
    expect(fingerprints).toHaveLength(1);
    expect(fingerprints[0]!.fingerprint).toMatch(/^[0-9A-F]{32}$/);
    // Another card is not held back.
    expect((await pay(ctx, '203.0.113.5', SANDBOX_CARDS.authorises)).reply.statusCode).toBe(201);
  });

  it('slow the card down whatever the bank answers: an approval in its wait is released, a repeat answers the same, and after the wait it pays', async () => {
    const challenge = async (address: string, outcome: 'complete' | 'fail') => {
      const started = await pay(ctx, address, SANDBOX_CARDS.challenges);
      const { url, orderNumber } = started.reply.json() as { url: string; orderNumber: string };
      await finishSandboxAction(ctx.app, url, outcome);
      const confirm = () => ctx.app.inject({ method: 'POST', url: `/shop-api/orders/${orderNumber}/payment/confirm`, remoteAddress: address, headers: { cookie: started.cookies } });
      return { confirm, gatewayPaymentId: url.split('/').at(-1)! };
    };
    expect((await (await challenge('198.51.100.1', 'fail')).confirm()).statusCode).toBe(402);
    expect((await (await challenge('198.51.100.2', 'fail')).confirm()).statusCode).toBe(402);

    const approved = await challenge('198.51.100.3', 'complete');
    const answer = await approved.confirm();
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toEqual({
      code: 'TOO_MANY_CARD_ATTEMPTS',
      message: 'There have been several unsuccessful payment attempts. Please wait 15 seconds before trying again.',
    });
    expect(Number(answer.headers['retry-after'])).toBe(15);
    const repeat = await approved.confirm();
    expect([repeat.statusCode, repeat.json()]).toEqual([429, answer.json()]);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.gatewayPaymentId, approved.gatewayPaymentId));
    expect(payment).toMatchObject({ state: 'declined', declinedAt: null });
    const [atGateway] = await ctx.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, approved.gatewayPaymentId));
    expect(atGateway!.status).toBe('voided');

    clock += 15_000;
    const paid = await (await challenge('198.51.100.4', 'complete')).confirm();
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'placed' });
  });
});

describe('declines across the whole shop', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ ...OPEN, CHECKOUT_DECLINES_PER_HOUR: '4' }, { now });
  });
  afterAll(() => ctx.close());

  it('slow every checkout down by seconds from half the limit, then refuse until the oldest is an hour old', async () => {
    const start = clock;
    expect((await pay(ctx, '203.0.113.11', SANDBOX_CARDS.declines)).reply.statusCode).toBe(402);
    expect((await pay(ctx, '203.0.113.12', SANDBOX_CARDS.declines)).reply.statusCode).toBe(402);
    const slowed = await pay(ctx, '203.0.113.13', SANDBOX_CARDS.authorises);
    expect([slowed.reply.statusCode, slowed.retryAfter]).toEqual([429, 1]);
    clock += 1000;
    expect((await pay(ctx, '203.0.113.14', SANDBOX_CARDS.declines)).reply.statusCode).toBe(402);
    expect((await pay(ctx, '203.0.113.15', SANDBOX_CARDS.authorises)).retryAfter).toBe(2);
    clock += 2000;
    expect((await pay(ctx, '203.0.113.16', SANDBOX_CARDS.declines)).reply.statusCode).toBe(402);
    const refused = await pay(ctx, '203.0.113.17', SANDBOX_CARDS.authorises);
    expect(refused.reply.statusCode).toBe(429);
    expect(refused.retryAfter).toBe((start + 3600_000 - clock) / 1000);
  });
});
