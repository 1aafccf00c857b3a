import { randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { readyCheckout } from '../bench/consultation.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every reply the simulated patients got, by status, with the 5xx ones timed: a 5xx is forgiven only when it came
 * while a process was being killed (its in-flight requests), and counted apart.
 */
function replyLog(shop) {
  const statuses = new Map();
  const serverErrors = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    // Only the patients' requests through the load balancer (not the restarts' readiness checks on a process's port).
    if (!String(input).startsWith(shop)) return original(input, init);
    try {
      const reply = await original(input, init);
      statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      if (reply.status >= 500) serverErrors.push({ at: Date.now(), status: reply.status, url: String(input) });
      return reply;
    } catch (error) {
      const reason = `network error (${error.cause?.code ?? error.cause?.message ?? error.message})`;
      statuses.set(reason, (statuses.get(reason) ?? 0) + 1);
      serverErrors.push({ at: Date.now(), status: reason, url: String(input) });
      throw error;
    }
  };
  return { statuses, serverErrors, restore: () => (globalThis.fetch = original) };
}

/** A step a patient's browser retries when the shop could not answer (a 502 from the proxy, a dropped connection). */
async function retried(step, attempts = 6) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step(attempt);
    } catch (error) {
      const unanswered = /answered 50\d|fetch failed|ECONNRESET|socket hang up/.test(String(error.message ?? error) + String(error.cause ?? ''));
      if (!unanswered || attempt >= attempts) throw error;
      await sleep(500 * attempt);
    }
  }
}

/**
 * One patient: signs up (with the emailed code), answers the consultation, fills the checkout, places the order
 * (the same Idempotency-Key on every retry, as the web app sends it) and uploads the photo ID the order asks for.
 */
async function patientJourney(shop, mail, index, photo, runId, onPlaced) {
  // A sign-up cut off by the kill starts again as a new patient: the email already has an account, or a code on its way.
  const emailOf = (attempt) => `cluster-${runId}-${index}${attempt > 1 ? `-again${attempt}` : ''}@example.com`;
  // A sign-up code is sent by the worker: while it restarts, the code waits for it.
  const checkout = await retried((attempt) => readyCheckout(shop, index, mail, emailOf(attempt), { codeTimeoutMs: 180_000 }));
  const { email } = checkout;
  const key = randomUUID();
  const placed = await retried(async () => {
    const reply = await fetch(`${shop}/shop-api/checkout/${checkout.cart}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: checkout.cookie, 'idempotency-key': key },
      body: JSON.stringify({ mode: 'NEW_CARD', token: checkout.cardToken }),
    });
    if (reply.status >= 500) throw new Error(`placing the order answered ${reply.status}`);
    return { status: reply.status, body: await reply.json() };
  });
  if (placed.status !== 201 || placed.body.status !== 'placed') throw new Error(`order for ${email} answered ${placed.status}: ${JSON.stringify(placed.body)}`);
  onPlaced({ email, orderNumber: placed.body.orderNumber });
  await retried(async () => {
    const form = new FormData();
    form.append('name', 'Photo ID');
    form.append('attachments', new Blob([photo], { type: 'image/jpeg' }), 'passport.jpg');
    const reply = await fetch(`${shop}/shop-api/messages/category/I`, { method: 'POST', body: form, headers: { cookie: checkout.cookie } });
    if (reply.status !== 201) throw new Error(`the photo upload answered ${reply.status}: ${await reply.text()}`);
  });
}

/**
 * The browser-side limit on sign-ups (REGISTER_RATE_LIMIT_PER_DEVICE, 3 an hour) through the load balancer: the
 * processes share their counts in PostgreSQL, so one browser opens 3 sign-ups in all, not 3 per process.
 */
async function signUpsFromOneBrowser(shop, runId, tries) {
  let cookie = '';
  const statuses = [];
  for (let index = 0; index < tries; index += 1) {
    const reply = await fetch(`${shop}/shop-api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ firstName: 'Sam', lastName: 'Jones', email: `device-${runId}-${index}@example.com`, plainPassword: 'long enough pw', phoneNumber: '07700900123', birthday: '1980-01-01', agreeTermsAndPrivacy: true }),
    });
    const device = reply.headers.getSetCookie().map((set) => set.split(';')[0]).find((pair) => pair.startsWith('Device='));
    if (device) cookie = device;
    statuses.push(reply.status);
  }
  return statuses;
}

/**
 * Traffic through the load balancer while the cluster is disturbed: `patients` journeys, `concurrency` at a time;
 * once a third of them have set out, one API process is killed (SIGKILL) and started again, and once two thirds
 * have, the worker is restarted. Answers what happened; `verify` then checks the database and the mailbox.
 */
export async function exercise(cluster, { patients, concurrency, log = console.log }) {
  const runId = Date.now().toString(36);
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#4080c0' } }).jpeg().toBuffer();
  const replies = replyLog(cluster.url);
  const orders = [];
  const failures = [];
  const disturbances = [];
  let next = 0;
  let kill = null;
  try {
    const disturb = async () => {
      const victim = cluster.apis[1 % cluster.apis.length];
      const killedAt = Date.now();
      await victim.kill();
      log(`killed ${victim.name} (SIGKILL) after ${orders.length} orders`);
      await sleep(1500);
      await victim.start();
      disturbances.push({ what: `${victim.name} killed and started again`, from: killedAt, to: Date.now() });
    };
    const restartWorker = async () => {
      const from = Date.now();
      await cluster.worker.stop();
      log(`stopped the worker after ${orders.length} orders`);
      await cluster.worker.start();
      disturbances.push({ what: 'worker restarted', from, to: Date.now() });
    };
    let restart = null;
    const journeys = Array.from({ length: concurrency }, async () => {
      while (next < patients) {
        const index = next++;
        if (!kill && index >= Math.ceil(patients / 3)) kill = disturb();
        if (!restart && index >= Math.ceil((2 * patients) / 3)) restart = restartWorker();
        try {
          await patientJourney(cluster.url, cluster.mail, index, photo, runId, (order) => orders.push(order));
        } catch (error) {
          failures.push({ index, error: String(error.message ?? error) });
        }
      }
    });
    await Promise.all(journeys);
    await kill;
    await restart;
    const deviceSignUps = await signUpsFromOneBrowser(cluster.url, runId, 9);
    // A 5xx or dropped connection is forgiven only within a few seconds of a kill (HAProxy takes the process out after two failed checks).
    const duringKill = (error) => disturbances.some((d) => d.what.includes('killed') && error.at >= d.from - 1000 && error.at <= d.to + 3000);
    return {
      runId,
      orders,
      failures,
      disturbances,
      statuses: Object.fromEntries(replies.statuses),
      inFlightErrors: replies.serverErrors.filter(duringKill),
      otherServerErrors: replies.serverErrors.filter((error) => !duringKill(error)),
      deviceSignUps,
    };
  } finally {
    replies.restore();
  }
}

/** Reads the database after the run, once every message of the run has left the outbox (or `timeoutMs` passed). */
export async function verify(cluster, run, { timeoutMs = 90_000 } = {}) {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const pattern = `%-${run.runId}-%@example.com`;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query(`select count(*)::int as waiting from notifications where recipient like $1 and status in ('queued', 'sending')`, [pattern]);
      if (rows[0].waiting === 0 || Date.now() > deadline) break;
      await sleep(1000);
    }
    const problems = [];
    const numbers = run.orders.map((order) => order.orderNumber);
    const { rows: placed } = await client.query(
      `select o.number, count(*) over (partition by o.number)::int as copies,
              (select count(*)::int from sandbox_payments s where s.reference = o.number and s.status = 'authorised') as authorisations
         from orders o where o.number = any($1)`,
      [numbers],
    );
    for (const number of numbers) {
      const rows = placed.filter((row) => row.number === number);
      if (rows.length !== 1) problems.push(`order ${number} answered 201 but is stored ${rows.length} times`);
      else if (rows[0].authorisations !== 1) problems.push(`order ${number} holds ${rows[0].authorisations} authorisations at the gateway`);
    }
    // The run's orders that no patient got a 201 for (a reply lost with a killed process): each holds at most one
    // live authorisation, on its own live payment, or none.
    const { rows: unanswered } = await client.query(
      `select o.number, o.state,
              (select count(*)::int from sandbox_payments s where s.reference = o.number and s.status = 'authorised') as authorisations
         from orders o join customers c on c.id = o.customer_id
        where c.email like $1 and not (o.number = any($2))`,
      [pattern, numbers],
    );
    for (const order of unanswered) if (order.authorisations > 1) problems.push(`unanswered order ${order.number} (${order.state}) holds ${order.authorisations} authorisations`);
    const { rows: sent } = await client.query(
      `select recipient, count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status in ('queued', 'sending', 'failed'))::int as unsent
         from notifications where recipient like $1 and channel = 'email' group by recipient`,
      [pattern],
    );
    let messages = 0;
    for (const row of sent) {
      messages += row.sent;
      if (row.unsent > 0) problems.push(`${row.recipient}: ${row.unsent} messages never sent`);
      const received = cluster.mail.receivedBy(row.recipient);
      if (received !== row.sent) problems.push(`${row.recipient}: ${row.sent} messages sent by the outbox, ${received} received`);
    }
    // Each patient who ordered has their photo (one sent again after a lost reply may be stored twice: nothing lost).
    const { rows: uploads } = await client.query(`select c.email, count(*)::int as stored from uploads u join customers c on c.id = u.customer_id where c.email like $1 group by c.email`, [pattern]);
    const withPhotos = new Set(uploads.map((row) => row.email));
    for (const order of run.orders) if (!withPhotos.has(order.email)) problems.push(`${order.email} ordered, but no photo of theirs is stored`);
    const accepted = run.deviceSignUps.filter((status) => status === 202).length;
    if (accepted !== 3) problems.push(`one browser opened ${accepted} sign-ups across the processes (the limit is 3): ${run.deviceSignUps.join(' ')}`);
    if (run.failures.length > 0) problems.push(...run.failures.map((failure) => `patient ${failure.index}: ${failure.error}`));
    if (run.otherServerErrors.length > 0) problems.push(...run.otherServerErrors.map((error) => `${error.status} from ${error.url} outside a kill`));
    return { problems, unanswered: unanswered.length, messages, photos: uploads.reduce((sum, row) => sum + row.stored, 0) };
  } finally {
    await client.end();
  }
}
