import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { startJobs, type Jobs } from '../src/lib/queue';
import { seedDemoData } from '../src/seed/seed';
import { createTestDatabase } from './support/database';
import { randomUUID } from 'node:crypto';
import { SANDBOX_PUBLIC_KEY } from '../src/adapters/payment-gateway/sandbox';
import { SANDBOX_CARDS, TEST_ADDRESS } from './support/orders';
import { signupBody, signupCodeInMailbox } from './support/patients';
import { probeQueue, type ProbeDelivery } from './support/probe-queue';
import { startS3Server, type S3Server } from './support/s3';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const LOGIN_LIMIT = 4;
/** Declined checkouts from one address: from the second on, the next attempt waits (half the limit). */
const DECLINES_PER_ADDRESS = 3;

interface ApiProcess {
  child: ChildProcess;
  pid: number;
  base: string;
  deliveries: ProbeDelivery[];
  output: string[];
}

/** Starts test/support/api-process.ts as its own OS process and waits until it listens. */
function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/api-process.ts'], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const deliveries: ProbeDelivery[] = [];
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API process did not start:\n${output.join('')}`)), 90_000);
    child.once('exit', (code) => reject(new Error(`API process ended (${code}):\n${output.join('')}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      const message = JSON.parse(line) as { listening?: number; pid: number } & Partial<ProbeDelivery>;
      if (message.listening) {
        clearTimeout(timer);
        resolve({ child, pid: message.pid, base: `http://127.0.0.1:${message.listening}`, deliveries, output });
      } else if (message.job) {
        deliveries.push(message as ProbeDelivery);
      }
    });
  });
}

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
}

/** The cookies a browser would send back, from a fetch reply. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');

const post = (base: string, path: string, body: unknown, cookie = '') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

/**
 * Signs up over HTTP as the shop's form does: the form at `base`, the code read from the dev mailbox once a process's
 * job has sent it, then the code entered at `confirmAt` (the other process, if a test wants). The confirmation's reply.
 */
async function signUp(base: string, body: { email: string }, confirmAt = base): Promise<Response> {
  const started = await post(base, '/shop-api/register', body);
  expect(started.status).toBe(202);
  let code: string | undefined;
  for (const deadline = Date.now() + 20_000; !code && Date.now() < deadline; ) {
    code = signupCodeInMailbox(await (await fetch(`${base}/dev/mailbox`)).text(), body.email);
    if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return post(confirmAt, '/shop-api/register/confirm', { email: body.email, code }, cookiesOf(started));
}

const SKIP_REASON = 'needs PostgreSQL (set DATABASE_URL): the embedded PGlite opens its files in one process only';

describe.runIf(!process.env.DATABASE_URL)('two API processes without PostgreSQL', () => {
  it('is skipped', ({ skip }) => skip(SKIP_REASON));
});

describe.skipIf(!process.env.DATABASE_URL)('two API processes on one PostgreSQL database', () => {
  let database: Database & { url?: string };
  let s3: S3Server;
  let jobs: Jobs;
  let first: ApiProcess;
  let second: ApiProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
    s3 = await startS3Server();
    jobs = await startJobs(database, { runJobs: false, log: { error: () => undefined, warn: () => undefined } });
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url!,
      DATABASE_POOL_SIZE: '4',
      SEED_DEMO_DATA: 'false',
      // Shared by every process of one shop: the sessions one signs are read by the other, and so are the photos.
      AUTH_SECRET: 'two-processes-share-this-secret-0123456789',
      UPLOAD_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      AUTH_RATE_LIMIT_PER_ADDRESS: String(LOGIN_LIMIT),
      REGISTER_RATE_LIMIT_PER_ADDRESS: '1000',
      REGISTER_RATE_LIMIT_PER_DEVICE: '1000',
      CHECKOUT_DECLINES_PER_ADDRESS_PER_HOUR: String(DECLINES_PER_ADDRESS),
      LOG_LEVEL: 'silent',
      ...s3.env,
    };
    [first, second] = await Promise.all([
      startApiProcess({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'elmwood-first-')) }),
      startApiProcess({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'elmwood-second-')) }),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const api of [first, second]) {
      if (api?.child.exitCode === null) {
        api.child.kill('SIGTERM');
        await new Promise((resolve) => api.child.once('exit', resolve));
      }
    }
    await jobs?.stop();
    await s3?.close();
    await database?.close();
  });

  it('runs as two separate OS processes, both ready', async () => {
    expect(first.pid).not.toBe(second.pid);
    expect(first.pid).not.toBe(process.pid);
    for (const api of [first, second]) {
      expect(await (await fetch(`${api.base}/readyz`)).json()).toEqual({ status: 'ready', database: 'ok', queue: 'ok' });
    }
  });

  it('shares rate limits: login attempts split across both hit the limit at the limit', async () => {
    const body = signupBody();
    expect((await signUp(second.base, body, first.base)).status).toBe(201);
    const codes: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMIT + 2; attempt += 1) {
      const api = attempt % 2 === 0 ? first : second;
      codes.push((await post(api.base, '/shop-api/login', { _username: body.email, _password: `guess-${attempt}` })).status);
    }
    expect(codes).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), 429, 429]);
  });

  it('shares declined checkouts: declines made through both processes slow the address down in each', async () => {
    const put = (base: string, path: string, body: unknown, cookie: string) =>
      fetch(`${base}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    /** A fresh account's checkout of a multivitamin through `api`, paid with a sandbox test card. */
    async function checkout(api: ApiProcess, card: string): Promise<Response> {
      const signup = await signUp(api.base, signupBody());
      expect(signup.status).toBe(201);
      const cookie = cookiesOf(signup);
      const cart = (await (await post(api.base, '/shop-api/carts', { channel: 'WEB_UK' }, cookie)).json()) as { tokenValue: string };
      const items = [{ productCode: 'DAILY-MULTIVITAMIN', variantCode: 'DAILY-MULTIVITAMIN-30', frequency: 30 }];
      expect((await post(api.base, `/shop-api/carts/${cart.tokenValue}/multiple-items`, { items }, cookie)).status).toBe(201);
      expect((await put(api.base, `/shop-api/checkout/${cart.tokenValue}/address`, { shippingAddress: TEST_ADDRESS }, cookie)).status).toBeLessThan(300);
      const tokenised = await fetch(`${api.base}/sandbox-gateway/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: SANDBOX_PUBLIC_KEY },
        body: JSON.stringify({ type: 'card', number: card, expiry_month: 12, expiry_year: new Date().getUTCFullYear() + 3, cvv: '123' }),
      });
      const { token } = (await tokenised.json()) as { token: string };
      return fetch(`${api.base}/shop-api/checkout/${cart.tokenValue}/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ mode: 'NEW_CARD', token }),
      });
    }
    // Every request comes from 127.0.0.1: one address, a new account each time, the declines split between the processes.
    expect((await checkout(first, SANDBOX_CARDS.declines)).status).toBe(402);
    expect((await checkout(second, SANDBOX_CARDS.declines)).status).toBe(402);
    for (const api of [first, second]) {
      const slowed = await checkout(api, SANDBOX_CARDS.authorises);
      expect(slowed.status).toBe(429);
      expect(await slowed.json()).toMatchObject({ code: 'TOO_MANY_PAYMENT_ATTEMPTS' });
      const wait = Number(slowed.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(15);
    }
    const declined = await database.executeSql(`select count(*)::int as n from payments where declined_at is not null and client_address_key is not null`);
    expect(declined.rows).toEqual([{ n: 2 }]);
  }, 60_000);

  it('serves a photo uploaded through one process from the other (S3 storage, ciphertext in the bucket)', async () => {
    const signup = await signUp(first.base, signupBody());
    expect(signup.status).toBe(201);
    const cookie = cookiesOf(signup);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#4080c0' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('name', 'Photo ID');
    form.append('attachments', new Blob([photo], { type: 'image/jpeg' }), 'passport.jpg');
    const uploaded = await fetch(`${first.base}/shop-api/messages/category/I`, { method: 'POST', body: form, headers: { cookie } });
    expect(uploaded.status).toBe(201);
    const { id, url } = ((await uploaded.json()) as { uploads: Array<{ id: string; url: string }> }).uploads[0]!;

    const fromFirst = Buffer.from(await (await fetch(`${first.base}${url}`, { headers: { cookie } })).arrayBuffer());
    const fromSecond = await fetch(`${second.base}${url}`, { headers: { cookie } });
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.headers.get('content-type')).toBe('image/jpeg');
    const served = Buffer.from(await fromSecond.arrayBuffer());
    expect(served).toEqual(fromFirst);
    expect((await sharp(served).metadata()).width).toBe(40);

    const inBucket = (await s3.objects()).get(`uploads/${id}`)!;
    expect(inBucket.length).toBe(served.length + 12 + 16);
    expect(inBucket.includes(served.subarray(0, 64))).toBe(false);
  });

  it('runs each queued job in exactly one process, once per singleton key', async () => {
    // More than one fetch's worth (a worker takes up to 20 at a time), so that both processes get some.
    const keys = Array.from({ length: 60 }, (_, i) => `probe-${i}`);
    const sent = await Promise.all(keys.map((n) => jobs.send(probeQueue, { n, workMs: 100 }, { singletonKey: n })));
    const again = await Promise.all(keys.map((n) => jobs.send(probeQueue, { n, workMs: 100 }, { singletonKey: n })));
    expect(sent.every((id) => id !== null)).toBe(true);
    expect(again.every((id) => id === null)).toBe(true);

    const probes = () => [...first.deliveries, ...second.deliveries].filter((delivery) => delivery.n.startsWith('probe-'));
    await until(() => probes().length >= keys.length, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(probes().map((delivery) => delivery.n).sort()).toEqual([...keys].sort());
    // Both processes took work from the one queue.
    expect(new Set(probes().map((delivery) => delivery.pid))).toEqual(new Set([first.pid, second.pid]));
  });

  it('hands each email to the mail provider once, though both processes work the notification queue', async () => {
    const emails: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      const body = signupBody();
      const [signUpAt, againAt] = n % 2 === 0 ? [first, second] : [second, first];
      expect((await signUp(signUpAt.base, body)).status).toBe(201);
      // Signing up again with the same email opens nothing and emails the owner: one message each.
      expect((await post(againAt.base, '/shop-api/register', body)).status).toBe(202);
      emails.push(body.email);
    }
    const resetMails = async () =>
      (await database.executeSql(`select "to" from mail_outbox where subject = 'Someone tried to sign up to Elmwood Health with your email' and "to" = any($1)`, [emails])).rows as Array<{ to: string }>;
    const deadline = Date.now() + 30_000;
    while ((await resetMails()).length < emails.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await resetMails()).map((row) => row.to).sort()).toEqual([...emails].sort());
    const rows = (await database.executeSql(`select status, attempts from notifications where template = 'signup-attempt' and recipient = any($1)`, [emails])).rows;
    expect(rows).toEqual(emails.map(() => ({ status: 'sent', attempts: 1 })));
  }, 60_000);

  it('sends a scheduled job once per time, though both processes keep the schedule', async () => {
    const scheduled = () => [...first.deliveries, ...second.deliveries].filter((delivery) => delivery.n === 'every-minute');
    await until(() => scheduled().length > 0, 75_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // pg-boss keeps a schedule by one "send-it" job per minute slot (a unique index on the slot), which either
    // process may run; the job it sends can be created in the next minute, so count slots, not minutes.
    const slots = async () =>
      (await database.executeSql(`select singleton_on, state from pgboss.job where name = '__pgboss__send-it' and singleton_key = $1`, [probeQueue.name]))
        .rows as Array<{ singleton_on: Date; state: string }>;
    const slotsBefore = await slots();
    const created = await database.executeSql(`select id from pgboss.job where name = $1 and data->>'n' = 'every-minute'`, [probeQueue.name]);
    const slotsAfter = await slots();
    expect(created.rows.length).toBeGreaterThan(0);
    expect(new Set(slotsAfter.map((slot) => String(slot.singleton_on))).size).toBe(slotsAfter.length);
    expect(created.rows.length).toBeGreaterThanOrEqual(slotsBefore.filter((slot) => slot.state === 'completed').length);
    expect(created.rows.length).toBeLessThanOrEqual(slotsAfter.length);
    const delivered = scheduled().map((delivery) => delivery.job);
    expect(new Set(delivered).size).toBe(delivered.length);
  }, 90_000);
});
