import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINE_MESSAGES, type OrderHistoryPage, type SavedPaymentToken, type Task } from '@elmwood/domain';
import { subscriptions } from '../../db/schema/subscriptions';
import { signedInPatientWithId } from '../../../test/support/account';
import { createTestContext, type TestContext } from '../../../test/support/app';
import { cardToken, finishSandboxAction, placedOrderNumber, SANDBOX_CARDS } from '../../../test/support/orders';
import { signedInPatient } from '../../../test/support/patients';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const saveCard = (cookie: string, token: string) => ctx.app.inject({ method: 'POST', url: '/shop-api/me/payment-tokens', headers: { cookie }, payload: { token } });
const savedCards = async (cookie: string) => (await ctx.app.inject({ url: '/shop-api/me/payment-tokens', headers: { cookie } })).json<SavedPaymentToken[]>();
const MASTERCARD = '5555555555554444';

describe('POST /shop-api/me/payment-tokens', () => {
  it('verifies and saves a new card as the default, and the patient’s plans renew on it', async () => {
    const { cookie, customerId } = await signedInPatientWithId(ctx.app, ctx.database.db);
    await placedOrderNumber(ctx.app, cookie);
    const [first] = await savedCards(cookie);

    const res = await saveCard(cookie, await cardToken(ctx.app, MASTERCARD));
    expect(res.statusCode).toBe(201);
    const saved = res.json<SavedPaymentToken>();
    expect(saved).toMatchObject({ type: 'checkout_card', details: { brand: 'Mastercard', last4: '4444' }, isDefault: true });
    expect((await savedCards(cookie)).map((card) => [card.id, card.isDefault])).toEqual([
      [saved.id, true],
      [first!.id, false],
    ]);

    const plans = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((plan) => plan.paymentTokenId === saved.id)).toBe(true);
  });

  it('says why a card could not be saved', async () => {
    const cookie = await signedInPatient(ctx.app);
    const declined = await saveCard(cookie, await cardToken(ctx.app, SANDBOX_CARDS.declines));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ code: 'PAYMENT_DECLINED', message: DECLINE_MESSAGES.bank_declined, details: { reason: 'bank_declined' } });
    const unknown = await saveCard(cookie, 'tok_not_a_token');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ code: 'INVALID_PAYMENT_TOKEN', message: 'Invalid payment token' });
    expect(await savedCards(cookie)).toEqual([]);
    expect((await ctx.app.inject({ method: 'POST', url: '/shop-api/me/payment-tokens', payload: { token: 'tok' } })).statusCode).toBe(401);
  });
});

describe('a card whose bank asks for 3-D Secure', () => {
  const confirm = (cookie: string, verification: string) =>
    ctx.app.inject({ method: 'POST', url: '/shop-api/me/payment-tokens/confirm', headers: { cookie }, payload: { verification } });

  it('is saved once the patient passes the check, and only for the patient who started it', async () => {
    const cookie = await signedInPatient(ctx.app);
    const started = await saveCard(cookie, await cardToken(ctx.app, SANDBOX_CARDS.challenges));
    expect(started.statusCode).toBe(202);
    const { url, verification } = started.json<{ status: string; action: string; url: string; verification: string }>();
    expect(started.json()).toMatchObject({ status: 'action_required', action: '3ds' });

    const early = await confirm(cookie, verification);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('CARD_VERIFICATION_PENDING');

    await finishSandboxAction(ctx.app, url, 'complete');
    const stranger = await signedInPatient(ctx.app);
    expect((await confirm(stranger, verification)).json().code).toBe('INVALID_PAYMENT_TOKEN');
    expect((await confirm(cookie, `${verification.split('.')[0]}.forged`)).statusCode).toBe(422);
    const saved = await confirm(cookie, verification);
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ details: { last4: '3220' }, isDefault: true });
    expect(await savedCards(stranger)).toEqual([]);
  });

  it('is not saved when the check fails', async () => {
    const cookie = await signedInPatient(ctx.app);
    const { url, verification } = (await saveCard(cookie, await cardToken(ctx.app, SANDBOX_CARDS.challenges))).json();
    await finishSandboxAction(ctx.app, url, 'fail');
    const failed = await confirm(cookie, verification);
    expect(failed.statusCode).toBe(402);
    expect(await savedCards(cookie)).toEqual([]);
  });
});

describe('a placed order', () => {
  it('is its owner’s: another patient gets 404 for the order, its tasks and the order history entry', async () => {
    const cookie = await signedInPatient(ctx.app);
    const number = await placedOrderNumber(ctx.app, cookie);
    const stranger = await signedInPatient(ctx.app);
    expect((await ctx.app.inject({ url: `/shop-api/orders/${number}`, headers: { cookie: stranger } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/shop-api/orders/${number}/tasks`, headers: { cookie: stranger } })).statusCode).toBe(404);
    const [task] = (await ctx.app.inject({ url: '/shop-api/tasks', headers: { cookie } })).json<Task[]>();
    expect((await ctx.app.inject({ method: 'POST', url: `/shop-api/tasks/${task!.id}/complete`, headers: { cookie: stranger } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/shop-api/orders', headers: { cookie: stranger } })).json<OrderHistoryPage>().total).toBe(0);
    expect((await ctx.app.inject({ url: '/shop-api/orders', headers: { cookie } })).json<OrderHistoryPage>().items.map((item) => item.id)).toEqual([number]);
  });
});
