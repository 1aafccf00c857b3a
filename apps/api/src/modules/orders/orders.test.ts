import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResultSchema, DECLINE_MESSAGES, orderViewSchema, paymentConfigSchema, savedPaymentTokenSchema, taskSchema } from '@elmwood/domain';
import { createTestContext, type TestContext } from '../../../test/support/app';
import {
  cardToken,
  completeCheckout,
  finishSandboxAction,
  placeOrder,
  placedOrderNumber,
  readyCart,
  SANDBOX_CARDS,
  WEGOVY_MONTHLY,
} from '../../../test/support/orders';
import { cookiesOf, isSignupCodeMail, signedInPatient } from '../../../test/support/patients';
import { hashPassword } from '../../lib/passwords';
import { deliverNotifications } from '../../../test/support/notifications';
import { carts } from '../../db/schema/cart';
import { coachAppointments, coaches } from '../../db/schema/coaches';
import { customers, mailOutbox } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { payments, paymentTokens } from '../../db/schema/payments';
import { subscriptions } from '../../db/schema/subscriptions';
import { experimentAssignments } from '../../db/schema/experiments';
import { sandboxPayments } from '../../db/schema/sandbox-gateway';
import { SANDBOX_PUBLIC_KEY, sandboxGateway } from '../../adapters/payment-gateway/sandbox';
import { SANDBOX_WEBHOOK_SECRET } from '../payment/setup';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: unknown = {}) => ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
const orderRow = async (number: string) => (await db().select().from(orders).where(eq(orders.number, number)))[0]!;
const sandboxAuthorisations = async (reference: string) => db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
const cartRow = async (token: string) => (await db().select().from(carts).where(eq(carts.token, token)))[0]!;
const customerByEmail = async (cookie: string) => {
  const me = await get('/shop-api/me', cookie);
  return (await db().select().from(customers).where(eq(customers.email, (me.json() as { email: string }).email)))[0]!;
};

describe('placing an order with the sandbox gateway', () => {
  it('authorises 4242 (never captures), places the order for clinical review with its subscription, saved card, tasks and email', async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie);
    expect(placed.reply.statusCode).toBe(201);
    const result = checkoutResultSchema.parse(placed.reply.json());
    expect(result).toEqual({ status: 'placed', orderNumber: expect.stringMatching(/^EH-[A-Z0-9]{4}-[A-Z0-9]{4}$/), consultationSlug: 'weight-loss' });
    const number = placed.orderNumber!;

    const order = await orderRow(number);
    expect(order).toMatchObject({ state: 'awaiting_patient', paymentState: 'authorised', paymentMode: 'NEW_CARD', subtotal: 14900, total: 14900 });
    expect(order.shippingAddress).toMatchObject({ postcode: 'LS1 4AP', countryCode: 'GB' });
    const [gatewayPayment] = await sandboxAuthorisations(number);
    expect(gatewayPayment).toMatchObject({ status: 'authorised', amount: 14900, captured: 0, storeSource: true });
    expect((await db().select().from(payments).where(eq(payments.orderId, order.id)))[0]).toMatchObject({ state: 'authorised', gatewayPaymentId: gatewayPayment!.id, gateway: 'sandbox', method: 'card' });

    const [subscription] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    expect(subscription).toMatchObject({ frequency: 30, planMonths: 1, state: 'active', price: 14900, nextDeliveryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const [saved] = await db().select().from(paymentTokens).where(eq(paymentTokens.customerId, order.customerId));
    expect(saved).toMatchObject({ provider: 'checkout_card', brand: 'Visa', last4: '4242', isDefault: true });
    expect(subscription!.paymentTokenId).toBe(saved!.id);
    expect((await cartRow(placed.cartToken)).completedAt).toBeInstanceOf(Date);

    const orderTasks = await get(`/shop-api/orders/${number}/tasks`, cookie);
    expect(orderTasks.statusCode).toBe(200);
    const list = taskSchema.array().parse(orderTasks.json());
    expect(list.filter((task) => task.taskDefinition.isCritical).map((task) => task.taskDefinition.code)).toEqual(['voy-wl-upload-photo-id', 'voy-wl-upload-weight-check-photo']);
    expect(list.every((task) => task.orderNumber === number)).toBe(true);

    const tokens = await get('/shop-api/me/payment-tokens', cookie);
    expect(savedPaymentTokenSchema.array().parse(tokens.json())).toEqual([
      { id: saved!.id, type: 'checkout_card', details: { brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: expect.any(Number) }, isDefault: true },
    ]);

    await deliverNotifications({ app: ctx.app, db: db() });
    const mails = (await db().select().from(mailOutbox).where(eq(mailOutbox.to, (await customerByEmail(cookie)).email))).filter((mail) => !isSignupCodeMail(mail));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(number);
    expect(mails[0]!.text).toContain('£149.00');
    expect(mails[0]!.text).toContain('within 24 hours');
    expect(mails[0]!.text).toContain('billed once the clinician approves');
  });

  it('makes a quarterly plan three months long, so the patient reads "Renew or cancel after 3 months"', async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie, { items: [{ ...WEGOVY_MONTHLY, frequency: 90 }] });
    const order = await orderRow(placed.orderNumber!);
    const [subscription] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    expect(subscription).toMatchObject({ frequency: 90, planMonths: 3, price: 41700 });
  });

  it('places a one-off order without a subscription, keeps no card, and sends an order without tasks straight to the clinician', async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie, { consult: false, items: [{ productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 1, quantity: 2 }] });
    expect(placed.reply.json()).toMatchObject({ status: 'placed', consultationSlug: null });
    const order = await orderRow(placed.orderNumber!);
    expect(order).toMatchObject({ state: 'in_review', total: 2598 });
    expect(await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toEqual([]);
    expect(await db().select().from(paymentTokens).where(eq(paymentTokens.customerId, order.customerId))).toEqual([]);
    expect((await sandboxAuthorisations(order.number))[0]).toMatchObject({ storeSource: false, amount: 2598 });
    expect((await get(`/shop-api/orders/${order.number}`, cookie)).json()).toMatchObject({ subscription: null, thankYou: { nextSteps: [], infoBox: null } });
  });

  it("tells the thank-you page of a coach call booked since the order was placed, and of none cancelled or booked before", async () => {
    const cookie = await signedInPatient(ctx.app);
    const number = await placedOrderNumber(ctx.app, cookie);
    const [order] = await db().select().from(orders).where(eq(orders.number, number));
    const [coach] = await db().select().from(coaches).limit(1);
    const hasBooking = async () => (await get(`/shop-api/orders/${number}`, cookie)).json().hasBooking;
    const call = (startsAt: Date, createdAt: Date) => ({ customerId: order!.customerId, coachId: coach!.id, startsAt, endsAt: new Date(startsAt.getTime() + 20 * 60_000), source: 'built-in', createdAt });
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

    await db().insert(coachAppointments).values(call(inDays(3), new Date(order!.createdAt.getTime() - 60_000)));
    expect(await hasBooking()).toBe(false);
    const [booked] = await db().insert(coachAppointments).values(call(inDays(4), new Date())).returning();
    expect(await hasBooking()).toBe(true);
    await db().update(coachAppointments).set({ status: 'cancelled', cancelledBy: 'patient', cancelledAt: new Date() }).where(eq(coachAppointments.id, booked!.id));
    expect(await hasBooking()).toBe(false);
  });

  it('shows the owner the order for its thank-you page, with the next steps, info box and stored experiment buckets', async () => {
    const cookie = await signedInPatient(ctx.app);
    const number = await placedOrderNumber(ctx.app, cookie);
    const res = await get(`/shop-api/orders/${number}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const view = orderViewSchema.parse(res.json());
    expect(view).toMatchObject({
      number,
      state: 'awaiting_patient',
      consultationSlug: 'weight-loss',
      customer: { firstName: 'Alex' },
      items: [{ productCode: 'WEGOVY', variantCode: 'WEGOVY-0-25MG', frequency: 30, quantity: 1, unitPrice: 14900, total: 14900 }],
      totals: { subtotal: 14900, discount: 0, shipping: 0, credit: 0, total: 14900 },
      hasBooking: false,
      subscription: { frequency: 30 },
    });
    expect(view.thankYou.nextSteps.map((step) => step.actionNeeded)).toEqual([false, false, true, false, false]);
    expect(view.thankYou.infoBox).toMatchObject({ ctaText: 'Upload your photos' });
    expect(Object.keys(view.experiments)).toEqual(['recurring-discount', 'critical-tasks-thank-you']);

    const experiments = await get('/shop-api/me/experiments', cookie);
    expect(experiments.json()).toEqual(view.experiments);
    // Stored once and read back: a changed row is what the patient keeps seeing.
    const customer = await customerByEmail(cookie);
    await db()
      .update(experimentAssignments)
      .set({ bucket: 'stored-bucket' })
      .where(and(eq(experimentAssignments.customerId, customer.id), eq(experimentAssignments.experiment, 'recurring-discount')));
    expect((await get('/shop-api/me/experiments', cookie)).json()).toMatchObject({ 'recurring-discount': 'stored-bucket' });
  });

  it('declines 4000 0000 0000 0002 with 402 and the reason in plain English, leaving the cart for a retry with a new key', async () => {
    const cookie = await signedInPatient(ctx.app);
    const declined = await placeOrder(ctx.app, cookie, { card: SANDBOX_CARDS.declines });
    expect(declined.reply.statusCode).toBe(402);
    // The gateway's 'Declined - Do Not Honour' never reaches the patient; it stays on the payment for staff.
    expect(declined.reply.json()).toEqual({ code: 'PAYMENT_DECLINED', message: DECLINE_MESSAGES.bank_declined, details: { reason: 'bank_declined' } });
    expect(declined.reply.body).not.toContain('Honour');
    // The same attempt repeated gets the same answer, and no second authorisation.
    const repeat = await completeCheckout(ctx.app, cookie, declined.cartToken, { mode: 'NEW_CARD', token: await cardToken(ctx.app, SANDBOX_CARDS.declines) }, declined.idempotencyKey);
    expect(repeat.statusCode).toBe(402);

    const cart = await get(`/shop-api/carts/${declined.cartToken}`, cookie);
    expect(cart.statusCode).toBe(200);
    expect((cart.json() as { items: unknown[] }).items).toHaveLength(1);
    expect((await cartRow(declined.cartToken)).completedAt).toBeNull();

    const retry = await placeOrder(ctx.app, cookie, { cartToken: declined.cartToken });
    expect(retry.reply.statusCode).toBe(201);
    expect(retry.reply.json()).toMatchObject({ status: 'placed' });
    const customer = await customerByEmail(cookie);
    const states = (await db().select().from(orders).where(eq(orders.customerId, customer.id))).map((order) => order.state).sort();
    expect(states).toEqual(['awaiting_patient', 'payment_failed']);
  });

  it('takes 4000 0000 0000 3220 through a 3-D Secure challenge page that completes, then confirms once', async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie, { card: SANDBOX_CARDS.challenges });
    expect(placed.reply.statusCode).toBe(201);
    const action = checkoutResultSchema.parse(placed.reply.json());
    if (action.status !== 'action_required') throw new Error('expected a challenge');
    expect(action).toMatchObject({ action: '3ds', url: expect.stringMatching(/^\/sandbox-gateway\/3ds\/pay_sbx_/) });
    expect((await orderRow(action.orderNumber)).state).toBe('payment_pending');

    const page = await ctx.app.inject({ method: 'GET', url: action.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<button type="submit" name="outcome" value="complete">Complete</button>');
    expect(page.body).toContain('>Fail</button>');
    expect(page.body).toContain('£149.00');
    expect(page.body).not.toContain('<script');
    // Framed by the shop's own checkout only.
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    // Its form posts name their origin (under no-referrer, a browser would send Origin: null, which is refused).
    expect(page.headers['referrer-policy']).toBe('same-origin');
    // Over plain http (tests, local runs) a framed page must not be upgraded to https on its way back to the shop.
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');

    const finished = await finishSandboxAction(ctx.app, action.url, 'complete');
    expect(finished.statusCode).toBe(303);
    expect(finished.headers.location).toBe(`/checkout/payment-return?order=${action.orderNumber}`);

    const confirmed = await post(`/shop-api/orders/${action.orderNumber}/payment/confirm`, cookie);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'placed', orderNumber: action.orderNumber, consultationSlug: 'weight-loss' });
    const again = await post(`/shop-api/orders/${action.orderNumber}/payment/confirm`, cookie);
    expect(again.json()).toEqual(confirmed.json());
    expect((await orderRow(action.orderNumber)).state).toBe('awaiting_patient');
    await deliverNotifications({ app: ctx.app, db: db() });
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.subject, `Your Elmwood Health order ${action.orderNumber}`))).toHaveLength(1);
  });

  it('fails the order when the 3-D Secure challenge fails, leaving the cart for a retry', async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie, { card: SANDBOX_CARDS.challenges });
    const action = placed.reply.json() as { orderNumber: string; url: string };
    await finishSandboxAction(ctx.app, action.url, 'fail');
    const confirmed = await post(`/shop-api/orders/${action.orderNumber}/payment/confirm`, cookie);
    expect(confirmed.statusCode).toBe(402);
    expect(confirmed.json()).toEqual({ code: 'PAYMENT_DECLINED', message: DECLINE_MESSAGES.authentication_failed, details: { reason: 'authentication_failed' } });
    expect(await orderRow(action.orderNumber)).toMatchObject({ state: 'payment_failed', paymentState: 'declined' });
    expect((await cartRow(placed.cartToken)).completedAt).toBeNull();
    const retry = await placeOrder(ctx.app, cookie, { cartToken: placed.cartToken });
    expect(retry.reply.json()).toMatchObject({ status: 'placed' });
  });

  it('asks for confirmation again while the challenge is unfinished, and a new attempt replaces an abandoned one', async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie, { card: SANDBOX_CARDS.challenges });
    const action = placed.reply.json() as { orderNumber: string };
    expect((await post(`/shop-api/orders/${action.orderNumber}/payment/confirm`, cookie)).statusCode).toBe(409);
    const retry = await placeOrder(ctx.app, cookie, { cartToken: placed.cartToken });
    expect(retry.reply.json()).toMatchObject({ status: 'placed' });
    expect((await orderRow(action.orderNumber)).state).toBe('payment_failed');

    // The old challenge, finished late in a window left open, holds no money: it is voided.
    await finishSandboxAction(ctx.app, (placed.reply.json() as { url: string }).url, 'complete');
    const late = await post(`/shop-api/orders/${action.orderNumber}/payment/confirm`, cookie);
    expect(late.statusCode).toBe(402);
    expect((await sandboxAuthorisations(action.orderNumber))[0]).toMatchObject({ status: 'voided' });
  });

  it('pays with PayPal after approval, and a cancel answers 402', async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie, { mode: 'ADYEN_PAYPAL' });
    const action = checkoutResultSchema.parse(placed.reply.json());
    if (action.status !== 'action_required') throw new Error('expected PayPal');
    expect(action).toMatchObject({ action: 'paypal', url: expect.stringMatching(/^\/sandbox-gateway\/paypal\//) });
    const page = await ctx.app.inject({ method: 'GET', url: action.url });
    expect(page.body).toContain('>Approve</button>');
    expect(page.body).toContain('>Cancel</button>');
    expect((await finishSandboxAction(ctx.app, action.url, 'approve')).headers.location).toBe(`/checkout/payment-return?order=${action.orderNumber}`);
    expect((await post(`/shop-api/orders/${action.orderNumber}/payment/confirm`, cookie)).json()).toMatchObject({ status: 'placed' });
    const [saved] = await db().select().from(paymentTokens).where(eq(paymentTokens.customerId, (await orderRow(action.orderNumber)).customerId));
    expect(saved).toMatchObject({ provider: 'adyen_paypal', brand: 'PayPal' });

    const other = await signedInPatient(ctx.app);
    const cancelled = checkoutResultSchema.parse((await placeOrder(ctx.app, other, { mode: 'ADYEN_PAYPAL' })).reply.json());
    if (cancelled.status !== 'action_required') throw new Error('expected PayPal');
    await finishSandboxAction(ctx.app, cancelled.url, 'cancel');
    const refused = await post(`/shop-api/orders/${cancelled.orderNumber}/payment/confirm`, other);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toContain('The PayPal payment was cancelled');
  });

  it('pays with the saved card (EXISTING_CARD), but not with another patient’s', async () => {
    const cookie = await signedInPatient(ctx.app);
    await placedOrderNumber(ctx.app, cookie);
    const [saved] = (await get('/shop-api/me/payment-tokens', cookie)).json() as { id: number }[];
    const again = await placeOrder(ctx.app, cookie, { mode: 'EXISTING_CARD', paymentTokenId: saved!.id });
    expect(again.reply.json()).toMatchObject({ status: 'placed' });

    const stranger = await signedInPatient(ctx.app);
    const refused = await placeOrder(ctx.app, stranger, { mode: 'EXISTING_CARD', paymentTokenId: saved!.id });
    expect(refused.reply.statusCode).toBe(422);
    expect(refused.reply.json()).toEqual({ code: 'INVALID_PAYMENT_TOKEN', message: 'Invalid payment token' });
  });

  it('makes one order and one authorisation from 20 concurrent identical submits, all answered alike', async () => {
    const cookie = await signedInPatient(ctx.app);
    const cartToken = await readyCart(ctx.app, cookie);
    const token = await cardToken(ctx.app);
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 20 }, () => completeCheckout(ctx.app, cookie, cartToken, { mode: 'NEW_CARD', token }, key)));
    // Any other reply is shown with its body, so that a rare failure says what it was.
    expect(replies.filter((reply) => reply.statusCode !== 201).map((reply) => `${reply.statusCode} ${reply.body}`)).toEqual([]);
    const bodies = new Set(replies.map((reply) => reply.body));
    expect(bodies.size).toBe(1);
    const { orderNumber } = replies[0]!.json() as { orderNumber: string };
    const customer = await customerByEmail(cookie);
    expect(await db().select().from(orders).where(eq(orders.customerId, customer.id))).toHaveLength(1);
    expect(await sandboxAuthorisations(orderNumber)).toHaveLength(1);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.customerId, customer.id))).toHaveLength(1);
    await deliverNotifications({ app: ctx.app, db: db() });
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.to, customer.email))).filter((mail) => !isSignupCodeMail(mail))).toHaveLength(1);

    // Another attempt (a new key) on the placed cart is told which order it already made.
    const other = await completeCheckout(ctx.app, cookie, cartToken, { mode: 'NEW_CARD', token: await cardToken(ctx.app) });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'ORDER_ALREADY_PLACED', details: { orderNumber } });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('row locks on PostgreSQL', () => {
  it("records a 3-D Secure outcome while a repeat checkout holds the cart, without a deadlock", async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie, { card: SANDBOX_CARDS.challenges });
    const action = checkoutResultSchema.parse(placed.reply.json());
    if (action.status !== 'action_required') throw new Error('expected a challenge');
    expect((await finishSandboxAction(ctx.app, action.url, 'complete')).statusCode).toBe(303);
    const customer = await customerByEmail(cookie);

    // A repeat submit's checkout, on a connection of its own: the cart's row lock first, as the checkout takes it.
    const checkout = new pg.Client({ connectionString: ctx.database.url });
    await checkout.connect();
    try {
      await checkout.query('begin');
      await checkout.query('select id from carts where token = $1 for update', [placed.cartToken]);
      const confirming = post(`/shop-api/orders/${action.orderNumber}/payment/confirm`, cookie);
      // Recording the outcome waits for the cart...
      await expect.poll(async () => waitingForLocks(), { timeout: 10_000 }).toBeGreaterThan(0);
      // ...holding nothing the checkout needs next: the buyer's row, for the referral credit (a deadlock, 40P01, before).
      await checkout.query('select id from customers where id = $1 for update', [customer.id]);
      await checkout.query('commit');
      const confirmed = await confirming;
      expect(`${confirmed.statusCode} ${confirmed.body}`).toBe(`200 ${JSON.stringify({ status: 'placed', orderNumber: action.orderNumber, consultationSlug: 'weight-loss' })}`);
    } finally {
      await checkout.end();
    }
  });

  async function waitingForLocks(): Promise<number> {
    const result = await db().execute(sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    return (result as unknown as { rows: { waiting: number }[] }).rows[0]!.waiting;
  }
});

describe('who may see an order', () => {
  it('answers another patient 404 for the order, its tasks, its confirmation and the cart', async () => {
    const owner = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, owner);
    const number = placed.orderNumber!;
    const stranger = await signedInPatient(ctx.app);
    for (const res of [
      await get(`/shop-api/orders/${number}`, stranger),
      await get(`/shop-api/orders/${number}/tasks`, stranger),
      await post(`/shop-api/orders/${number}/payment/confirm`, stranger),
      await get('/shop-api/orders/EH-AAAA-AAAA', owner),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const ownersCart = await readyCart(ctx.app, owner);
    const foreign = await completeCheckout(ctx.app, stranger, ownersCart, { mode: 'NEW_CARD', token: await cardToken(ctx.app) });
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/shop-api/orders/${number}`, '')).statusCode).toBe(401);
  });
});

describe('bad input never answers 500', () => {
  let cookie: string;
  let cartToken: string;
  beforeAll(async () => {
    cookie = await signedInPatient(ctx.app);
    cartToken = await readyCart(ctx.app, cookie);
  });

  it('needs a well-formed Idempotency-Key', async () => {
    const token = await cardToken(ctx.app);
    const missing = await ctx.app.inject({ method: 'POST', url: `/shop-api/checkout/${cartToken}/complete`, payload: { mode: 'NEW_CARD', token }, headers: { cookie } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await completeCheckout(ctx.app, cookie, cartToken, { mode: 'NEW_CARD', token }, 'short')).statusCode).toBe(400);
  });

  it.each([
    ['an unknown mode', { mode: 'BITCOIN', token: 'x' }, 400, 'VALIDATION_ERROR'],
    ['a price in the body is not a field', { mode: 'NEW_CARD', token: 'tok', paymentTokenId: 'free' }, 400, 'VALIDATION_ERROR'],
    ['a new card without a token', { mode: 'NEW_CARD' }, 422, 'INVALID_PAYMENT_TOKEN'],
    ['an unknown token', { mode: 'NEW_CARD', token: 'tok_sbx_forged' }, 422, 'INVALID_PAYMENT_TOKEN'],
    ['a saved card that does not exist', { mode: 'EXISTING_CARD', paymentTokenId: 999999 }, 422, 'INVALID_PAYMENT_TOKEN'],
    ['PayPal with a card token', { mode: 'ADYEN_PAYPAL', token: 'tok' }, 422, 'INVALID_PAYMENT_TOKEN'],
  ])('refuses %s', async (_name, body, status, code) => {
    const res = await completeCheckout(ctx.app, cookie, cartToken, body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code });
  });

  it('refuses one Idempotency-Key for two baskets', async () => {
    const key = randomUUID();
    const first = await placeOrder(ctx.app, cookie, { idempotencyKey: key });
    expect(first.reply.statusCode).toBe(201);
    const second = await placeOrder(ctx.app, cookie, { idempotencyKey: key });
    expect(second.reply.statusCode).toBe(422);
    expect(second.reply.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('lets an unknown token fail the attempt without blocking a retry', async () => {
    const retry = await placeOrder(ctx.app, cookie, { cartToken });
    expect(retry.reply.json()).toMatchObject({ status: 'placed' });
  });

  it('needs a signed-in patient, a known cart, items, an address and an eligible consultation', async () => {
    const token = await cardToken(ctx.app);
    expect((await completeCheckout(ctx.app, '', cartToken, { mode: 'NEW_CARD', token })).statusCode).toBe(401);
    expect((await completeCheckout(ctx.app, cookie, 'A'.repeat(43), { mode: 'NEW_CARD', token })).statusCode).toBe(404);

    const noAddress = await readyCart(ctx.app, cookie, { address: false });
    const res = await completeCheckout(ctx.app, cookie, noAddress, { mode: 'NEW_CARD', token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CART_NOT_READY', message: 'Shipping address missing' });

    const empty = await readyCart(ctx.app, cookie, { items: [] });
    expect((await completeCheckout(ctx.app, cookie, empty, { mode: 'NEW_CARD', token })).json()).toMatchObject({ code: 'CART_NOT_READY', message: 'Your basket is empty.' });

    // The consultation is linked, then its answers no longer allow the medicine (judged again at checkout).
    const lapsed = await readyCart(ctx.app, cookie);
    await db().execute(
      sql`update consultations set answers = jsonb_set(answers, '{wl_dob}', '"2015-01-01"') where id in (select consultation_id from cart_consultations cc join carts c on c.id = cc.cart_id where c.token = ${lapsed})`,
    );
    const refused = await completeCheckout(ctx.app, cookie, lapsed, { mode: 'NEW_CARD', token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CART_NOT_READY', message: 'Based on your consultation this treatment is not suitable for you.' });
  });
});

describe('payment endpoints', () => {
  it('gives the browser the sandbox provider’s configuration', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/shop-api/payment/config' });
    expect(paymentConfigSchema.parse(res.json())).toEqual({
      gateway: 'sandbox',
      tokensUrl: '/sandbox-gateway/tokens',
      publicKey: expect.stringMatching(/^pk_sbx_/),
      applePay: { merchantIdentifier: expect.any(String) },
      googlePay: { merchantId: expect.any(String), gatewayMerchantId: expect.stringMatching(/^pk_sbx_/), environment: 'TEST' },
      paypal: true,
    });
  });

  it('tokenises only with the public key and answers card errors in Checkout.com’s shape', async () => {
    const body = { type: 'card', number: '4242424242424241', expiry_month: 12, expiry_year: 2030, cvv: '123' };
    expect((await ctx.app.inject({ method: 'POST', url: '/sandbox-gateway/tokens', payload: body })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'POST', url: '/sandbox-gateway/tokens', payload: body, headers: { authorization: SANDBOX_PUBLIC_KEY } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ error_type: 'request_invalid', error_codes: ['card_number_invalid'] });
    const garbage = await ctx.app.inject({ method: 'POST', url: '/sandbox-gateway/tokens', payload: { type: 'cheque' }, headers: { authorization: SANDBOX_PUBLIC_KEY } });
    expect(garbage.statusCode).toBe(422);
  });

  it('validates an Apple Pay merchant session only for Apple’s hosts, our merchant id and our domain', async () => {
    const cookie = await signedInPatient(ctx.app);
    const config = (await ctx.app.inject({ method: 'GET', url: '/shop-api/payment/config' })).json() as { applePay: { merchantIdentifier: string } };
    const validate = (merchant: string, appleUrl: string, domainName = 'localhost') =>
      ctx.app.inject({
        method: 'POST',
        url: `/shop-api/applepay/validate-session?applePayMerchantIdentifier=${encodeURIComponent(merchant)}`,
        payload: { appleUrl, domainName },
        headers: { cookie },
      });
    const good = await validate(config.applePay.merchantIdentifier, 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession');
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ merchantSessionIdentifier: expect.any(String), epochTimestamp: expect.any(Number), domainName: 'localhost', displayName: 'Elmwood Health' });
    for (const res of [
      await validate(config.applePay.merchantIdentifier, 'https://evil.example/paymentservices/startSession'),
      await validate('merchant.someone.else', 'https://apple-pay-gateway.apple.com/paymentservices/startSession'),
      await validate(config.applePay.merchantIdentifier, 'https://apple-pay-gateway.apple.com/paymentservices/startSession', 'evil.example'),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 'INVALID_PAYMENT_TOKEN', message: 'Invalid payment token' });
    }
  });

  it('applies a signed webhook for a payment the patient finished elsewhere, and refuses a forged one', async () => {
    const cookie = await signedInPatient(ctx.app);
    const placed = await placeOrder(ctx.app, cookie, { card: SANDBOX_CARDS.challenges });
    const action = placed.reply.json() as { orderNumber: string; url: string };
    await finishSandboxAction(ctx.app, action.url, 'complete');
    const paymentId = action.url.split('/').at(-1)!;
    const body = JSON.stringify({ id: 'evt_1', type: 'payment_approved', data: { id: paymentId } });
    const webhook = (signature: string) =>
      ctx.app.inject({ method: 'POST', url: '/shop-api/payment/webhook', payload: body, headers: { 'content-type': 'application/json', 'cko-signature': signature } });
    expect((await webhook('0'.repeat(64))).statusCode).toBe(401);
    expect((await orderRow(action.orderNumber)).state).toBe('payment_pending');
    const signer = sandboxGateway({ db: db(), webhookSecret: SANDBOX_WEBHOOK_SECRET });
    const accepted = await webhook(signer.signWebhook(body));
    expect(accepted.statusCode).toBe(200);
    expect((await orderRow(action.orderNumber)).state).toBe('awaiting_patient');
    expect((await post(`/shop-api/orders/${action.orderNumber}/payment/confirm`, cookie)).json()).toMatchObject({ status: 'placed' });
  });
});

describe('with Checkout.com configured', () => {
  it('gives the browser the provider’s tokens address and key, lets pages reach it, and refuses Apple Pay without a merchant identity', async () => {
    const live = await createTestContext({ PAYMENT_GATEWAY: 'checkout-com', CHECKOUT_COM_SECRET_KEY: 'sk_sbox_x', CHECKOUT_COM_PUBLIC_KEY: 'pk_sbox_x', CHECKOUT_COM_BASE_URL: 'https://api.sandbox.checkout.com' });
    try {
      const config = await live.app.inject({ method: 'GET', url: '/shop-api/payment/config' });
      expect(config.json()).toEqual({ gateway: 'checkout-com', tokensUrl: 'https://api.sandbox.checkout.com/tokens', publicKey: 'pk_sbox_x', applePay: null, googlePay: null, paypal: true });
      const csp = (await live.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string;
      expect(csp).toContain("connect-src 'self' https://api.sandbox.checkout.com");
      expect(csp).toContain("frame-src 'self' https://*.checkout.com https://*.ckotech.co");
      // No sandbox provider pages in front of a real provider.
      expect((await live.app.inject({ method: 'GET', url: '/sandbox-gateway/3ds/pay_x' })).statusCode).toBe(404);
      const cookie = await signedInPatient(live.app);
      const apple = await live.app.inject({
        method: 'POST',
        url: '/shop-api/applepay/validate-session?applePayMerchantIdentifier=merchant.x',
        payload: { appleUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession', domainName: 'localhost' },
        headers: { cookie },
      });
      expect(apple.statusCode).toBe(422);
      expect(apple.json()).toEqual({ code: 'INVALID_PAYMENT_TOKEN', message: 'Invalid payment token' });
    } finally {
      await live.close();
    }
  });
});

describe('card testing', () => {
  it('refuses new payment attempts after too many failed ones in an hour, while a repeat of one is still answered', async () => {
    const limited = await createTestContext({ CHECKOUT_FAILED_ATTEMPTS_PER_HOUR: '2' });
    try {
      const cookie = await signedInPatient(limited.app);
      const first = await placeOrder(limited.app, cookie, { card: SANDBOX_CARDS.declines });
      expect(first.reply.statusCode).toBe(402);
      const second = await placeOrder(limited.app, cookie, { card: SANDBOX_CARDS.declines, cartToken: first.cartToken });
      expect(second.reply.statusCode).toBe(402);
      const third = await placeOrder(limited.app, cookie, { cartToken: first.cartToken });
      expect(third.reply.statusCode).toBe(429);
      expect(third.reply.json()).toMatchObject({ code: 'TOO_MANY_PAYMENT_ATTEMPTS' });
      const repeat = await completeCheckout(limited.app, cookie, first.cartToken, { mode: 'NEW_CARD', token: 'tok_any' }, first.idempotencyKey);
      expect(repeat.statusCode).toBe(402);
      // Another patient is not held back.
      expect((await placeOrder(limited.app, await signedInPatient(limited.app))).reply.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('a basket its discounts make free', () => {
  it('is placed without a payment (none is asked of the gateway), once, and follows the normal lifecycle', async () => {
    const cookie = await signedInPatient(ctx.app);
    const cartToken = await readyCart(ctx.app, cookie, { consult: false, items: [{ productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 30 }] });
    const coupon = await ctx.app.inject({ method: 'PUT', url: `/shop-api/carts/${cartToken}/coupon`, headers: { cookie }, payload: { coupon: 'SAVE10' } });
    expect(coupon.json()).toMatchObject({ totals: { subtotal: 999, total: 0 } });

    const key = randomUUID();
    const replies = await Promise.all([completeCheckout(ctx.app, cookie, cartToken, { mode: 'NEW_CARD' }, key), completeCheckout(ctx.app, cookie, cartToken, { mode: 'NEW_CARD' }, key)]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([201, 201]);
    expect(replies[0]!.json()).toEqual(replies[1]!.json());
    const { orderNumber } = checkoutResultSchema.parse(replies[0]!.json()) as { orderNumber: string };
    const order = await orderRow(orderNumber);
    expect(order).toMatchObject({ state: 'in_review', paymentState: 'not_required', total: 0, discount: 999 });
    expect(await db().select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
    expect(await sandboxAuthorisations(orderNumber)).toEqual([]);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id))).toHaveLength(1);
    expect((await cartRow(cartToken)).completedAt).toBeInstanceOf(Date);
    await deliverNotifications({ app: ctx.app, db: db() });
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.subject, `Your Elmwood Health order ${orderNumber}`))).toHaveLength(1);
  });
});

describe('replaced payment attempts', () => {
  it('are not declines: paying again over and over never locks the patient out', async () => {
    const limited = await createTestContext({ CHECKOUT_FAILED_ATTEMPTS_PER_HOUR: '2' });
    try {
      const cookie = await signedInPatient(limited.app);
      const first = await placeOrder(limited.app, cookie, { card: SANDBOX_CARDS.challenges });
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const again = await placeOrder(limited.app, cookie, { card: SANDBOX_CARDS.challenges, cartToken: first.cartToken });
        expect(again.reply.statusCode, again.reply.body).toBe(201);
        expect(again.reply.json()).toMatchObject({ status: 'action_required' });
      }
      const paid = await placeOrder(limited.app, cookie, { cartToken: first.cartToken });
      expect(paid.reply.statusCode, paid.reply.body).toBe(201);
      expect(paid.reply.json()).toMatchObject({ status: 'placed' });
    } finally {
      await limited.close();
    }
  });
});

describe('a failing mail server', () => {
  it('never fails the order; the failure is only logged', async () => {
    const broken = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      // Signing up needs the mail server (the code is emailed): this patient's account is made directly, then logs in.
      const email = `broken-mail-${Date.now()}@example.com`;
      await broken.database.db.insert(customers).values({ email, passwordHash: await hashPassword('long enough pw'), firstName: 'Alex', lastName: 'Smith', phoneNumber: '07700900123', birthday: '1980-01-01' });
      const login = await broken.app.inject({ method: 'POST', url: '/shop-api/login', payload: { _username: email, _password: 'long enough pw' } });
      const cookie = cookiesOf(login);
      const placed = await placeOrder(broken.app, cookie);
      expect(placed.reply.statusCode).toBe(201);
      expect(placed.reply.json()).toMatchObject({ status: 'placed' });
    } finally {
      await broken.close();
    }
  });
});
