import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@elmwood/domain';
import { createDueCheckIns } from '../src/jobs/check-ins';
import { orders } from '../src/db/schema/orders';
import { paymentTokens, payments } from '../src/db/schema/payments';
import { subscriptionRenewals, subscriptions } from '../src/db/schema/subscriptions';
import { referralLedger } from '../src/db/schema/referrals';
import { notifications } from '../src/db/schema/notifications';
import { sandboxPayments } from '../src/db/schema/sandbox-gateway';
import { createTestContext, type TestContext } from './support/app';
import { signedInPatientWithId, type Patient } from './support/account';
import { answerCheckIn } from './support/check-in';
import { placeOrder, readyCart } from './support/orders';
import { earnReferralCredit } from './support/referrals';
import { orderInReview, signedInStaff, type SignedInStaff, NO_GP_CONSENT, verifyPatient } from './support/staff';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const SKIP_REASON = 'needs PostgreSQL (set DATABASE_URL): the embedded PGlite opens its files in one process only';

interface RoundProcess {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  exited: Promise<number | null>;
}

/** test/support/renewal-round-process.ts as its own OS process: one renewal round at `now`. */
function startRound(env: Record<string, string>, now: Date): RoundProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/renewal-round-process.ts'], {
    cwd: apiRoot,
    env: { ...process.env, ...env, RENEWAL_NOW: now.toISOString() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then((code) => {
    if (code !== 0 && code !== null) console.error(errors.join(''));
  });
  return { child, lines, exited };
}

/**
 * Checkout.com's POST /payments as the provider behaves: a repeated Cko-Idempotency-Key gets the first payment
 * back and nothing is charged twice. `holdNext` keeps the next new request unanswered (the charge is made at the
 * provider, the shop never hears back) until the shop's process is killed.
 */
function fakeCheckoutCom() {
  const byKey = new Map<string, Record<string, unknown>>();
  const seen: { key: string; body: Record<string, unknown> }[] = [];
  let holdNext = false;
  let held: (() => void) | null = null;
  const heldRequest = new Promise<void>((resolve) => (held = resolve));
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const key = String(req.headers['cko-idempotency-key'] ?? '');
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      seen.push({ key, body });
      let payment = byKey.get(key);
      const isNew = !payment;
      if (!payment) {
        payment = { id: `pay_fake${byKey.size + 1}`, status: 'Captured', approved: true, amount: body.amount, response_summary: 'Approved', source: { type: 'card', id: (body.source as { id: string }).id } };
        byKey.set(key, payment);
      }
      if (isNew && holdNext) {
        holdNext = false;
        held?.();
        return; // never answered: the process is killed while it waits
      }
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(payment));
    });
  });
  return {
    seen,
    payments: byKey,
    holdNextCharge() {
      holdNext = true;
      return heldRequest;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    server,
  };
}

describe.runIf(!process.env.DATABASE_URL)('renewals in several processes without PostgreSQL', () => {
  it('is skipped', ({ skip }) => skip(SKIP_REASON));
});

describe.skipIf(!process.env.DATABASE_URL)('renewals in several processes on one PostgreSQL database', () => {
  let clock = new Date('2026-11-23T10:00:00Z');
  let ctx: TestContext;
  let prescriber: SignedInStaff;
  let env: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000' }, { now: () => clock });
    prescriber = await signedInStaff(ctx, 'prescriber');
    env = { NODE_ENV: 'test', DATABASE_URL: (ctx.database as { url?: string }).url!, DATABASE_POOL_SIZE: '3', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent' };
  }, 120_000);
  afterAll(() => ctx?.close());

  const db = () => ctx.database.db;
  const at = (date: string, time = '10:00') => {
    clock = new Date(`${date}T${time}:00Z`);
  };
  const planRow = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const renewalOrders = async (planId: string) =>
    db()
      .select({ id: orders.id, number: orders.number, paymentState: orders.paymentState })
      .from(subscriptionRenewals)
      .innerJoin(orders, eq(orders.id, subscriptionRenewals.orderId))
      .where(eq(subscriptionRenewals.subscriptionId, planId));
  const approve = async (number: string) => {
    await verifyPatient(ctx, prescriber, number);
    const res = await ctx.app.inject({ method: 'POST', url: `/shop-api/clinic/orders/${number}/approve`, headers: { cookie: prescriber.cookie }, payload: NO_GP_CONSENT });
    expect(res.statusCode, res.body).toBe(200);
  };

  async function subscribed(): Promise<{ patient: Patient; planId: string }> {
    const patient = await signedInPatientWithId(ctx.app, db());
    const { orderNumber } = await orderInReview(ctx, patient.cookie);
    await approve(orderNumber);
    const [order] = await db().select().from(orders).where(eq(orders.number, orderNumber));
    const [plan] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order!.id));
    return { patient, planId: plan!.id };
  }

  /** The check-in answered ahead (its task issued while the plan is still active), so the round itself orders the renewal. */
  async function answeredCheckIn(patient: Patient) {
    await createDueCheckIns(db(), clock);
    await answerCheckIn(ctx, patient);
  }

  async function bothRounds(now: Date, extraEnv: Record<string, string> = {}) {
    const rounds = [startRound({ ...env, ...extraEnv }, now), startRound({ ...env, ...extraEnv }, now)];
    expect(await Promise.all(rounds.map((round) => round.exited))).toEqual([0, 0]);
    return rounds;
  }

  it('two processes renewing one plan at once make one order and take one charge', async () => {
    at('2026-11-23');
    const { patient, planId } = await subscribed();
    const delivery = (await planRow(planId)).nextDeliveryDate;
    at(addDays(delivery, -7));
    await answeredCheckIn(patient);
    expect((await planRow(planId)).state).toBe('active');

    const ordering = await bothRounds(clock);
    const orderedBy = ordering.map((round) => (round.lines.find((line) => line.report) as { report: { ordered: number } }).report.ordered);
    expect(orderedBy.sort()).toEqual([0, 1]);
    const renewals = await renewalOrders(planId);
    expect(renewals).toHaveLength(1);
    await approve(renewals[0]!.number);

    at(addDays(delivery, -3));
    await bothRounds(clock);
    const charges = await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, renewals[0]!.number));
    expect(charges.map((charge) => [charge.status, charge.merchantInitiated])).toEqual([['captured', true]]);
    expect((await db().select().from(payments).where(eq(payments.orderId, renewals[0]!.id))).map((row) => [row.attempt, row.state])).toEqual([[1, 'captured']]);
    expect(await planRow(planId)).toMatchObject({ state: 'active', nextDeliveryDate: addDays(delivery, 30) });
    // The patient is told once that it was approved and paid for, whichever process charged.
    expect(await db().select().from(notifications).where(eq(notifications.dedupeKey, `order-approved:${renewals[0]!.number}`))).toHaveLength(1);
  }, 180_000);

  it("two processes renewing a plan while its patient checks out spend the patient's referral credit once", async () => {
    at('2026-11-23');
    const { patient, planId } = await subscribed();
    const plan = await planRow(planId);
    const credit = await earnReferralCredit(ctx, patient, 1, approve);
    expect(credit).toBeGreaterThan(0);
    expect(credit).toBeLessThan(plan.price);
    at(addDays(plan.nextDeliveryDate, -7));
    await answeredCheckIn(patient);
    const cartToken = await readyCart(ctx.app, patient.cookie);

    // The worst interleaving, made certain: new orders are held back (orders locked in SHARE mode), so a round stops
    // with the credit read and its renewal order not yet written; the patient's checkout then reads the credit too.
    // Unless the round's reading of the credit kept the checkout waiting, both would spend it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = db().transaction(async (tx) => {
      await tx.execute(sql`lock table orders in share mode`);
      held();
      await released;
    });
    await holding;
    const waitingOnLocks = async (count: number) => {
      // Up to a minute: the round processes start slowly on a busy machine.
      for (let tries = 0; tries < 600; tries += 1) {
        const rows = (await db().execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { rows: { n: number }[] };
        if (rows.rows[0]!.n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`fewer than ${count} transactions waiting on locks`);
    };
    const rounds = [startRound(env, clock), startRound(env, clock)];
    // One round waits to write its renewal order, the other for the plan's lock.
    await waitingOnLocks(2);
    const checkout = placeOrder(ctx.app, patient.cookie, { cartToken });
    await waitingOnLocks(3);
    release();
    await holder;
    expect((await checkout).reply.statusCode).toBe(201);
    expect(await Promise.all(rounds.map((round) => round.exited))).toEqual([0, 0]);

    const [renewal] = await renewalOrders(planId);
    const [renewalRow] = await db().select().from(orders).where(eq(orders.id, renewal!.id));
    const placed = (await db().select().from(orders).where(eq(orders.customerId, patient.customerId))).filter((order) => order.id !== renewalRow!.id && order.id !== plan.orderId);
    expect(placed).toHaveLength(1);
    // Whichever went first took the credit; the other took none: spent once between them.
    expect([placed[0]!.credit, renewalRow!.credit].sort((x, y) => x - y)).toEqual([0, credit]);
    const debits = (await db().select().from(referralLedger).where(eq(referralLedger.customerId, patient.customerId))).filter((row) => row.entry === 'debit');
    expect(debits.map((row) => row.amount)).toEqual([credit]);
    expect(renewalRow!.total).toBe(plan.price - renewalRow!.credit);

    await approve(renewalRow!.number);
    at(addDays(plan.nextDeliveryDate, -3));
    await bothRounds(clock);
    const charges = await db().select().from(sandboxPayments).where(eq(sandboxPayments.reference, renewalRow!.number));
    expect(charges.map((charge) => [charge.amount, charge.merchantInitiated])).toEqual([[renewalRow!.total, true]]);
  }, 240_000);

  it('a process killed (kill -9) while the provider takes the charge, then restarted, leaves one charge', async () => {
    const provider = fakeCheckoutCom();
    const baseUrl = await provider.listen();
    try {
      at('2026-11-23');
      const { patient, planId } = await subscribed();
      const delivery = (await planRow(planId)).nextDeliveryDate;
      at(addDays(delivery, -7));
      await answeredCheckIn(patient);
      const renewalNow = clock;
      await bothRounds(renewalNow);
      const [renewal] = await renewalOrders(planId);
      await approve(renewal!.number);

      at(addDays(delivery, -3));
      const held = provider.holdNextCharge();
      const doomed = startRound({ ...env, CKO_BASE_URL: baseUrl }, clock);
      await held;
      doomed.child.kill('SIGKILL');
      expect(await doomed.exited).toBeNull();
      // The provider took the money; the shop knows only that it asked (its try is reserved, unanswered).
      expect(provider.payments.size).toBe(1);
      expect((await db().select().from(payments).where(eq(payments.orderId, renewal!.id))).map((row) => row.state)).toEqual(['pending']);

      const restarted = startRound({ ...env, CKO_BASE_URL: baseUrl, UNANSWERED_TRY_SECONDS: '0' }, clock);
      expect(await restarted.exited).toBe(0);
      expect(provider.payments.size).toBe(1);
      expect(provider.seen).toHaveLength(2);
      expect(new Set(provider.seen.map((request) => request.key)).size).toBe(1);
      const [token] = await db().select().from(paymentTokens).where(eq(paymentTokens.customerId, patient.customerId));
      expect(provider.seen[0]!.body).toMatchObject({ merchant_initiated: true, previous_payment_id: token!.initialPaymentId, capture: true, reference: renewal!.number });
      expect((await db().select().from(payments).where(eq(payments.orderId, renewal!.id))).map((row) => [row.state, row.gatewayPaymentId])).toEqual([['captured', 'pay_fake1']]);
      expect(await planRow(planId)).toMatchObject({ state: 'active', nextDeliveryDate: addDays(delivery, 30) });

      // Later rounds find nothing more to take.
      await bothRounds(clock, { CKO_BASE_URL: baseUrl, UNANSWERED_TRY_SECONDS: '0' });
      expect(provider.payments.size).toBe(1);
    } finally {
      provider.server.closeAllConnections();
      provider.server.close();
    }
  }, 300_000);
});
