import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../src/db/schema/notifications';
import { orders } from '../src/db/schema/orders';
import { createTestContext, type TestContext } from './support/app';
import { placedOrderNumber } from './support/orders';
import { signedInPatient } from './support/patients';

const TOKEN = 'mT4c9Qx2Lw7Rz5Vb8Nk3Hy6Fp1Gd0SjE8aW';
const PROMETHEUS_TEXT = /^text\/plain; version=0\.0\.4/;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition's samples (comment lines left out). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key!, value!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The one sample of `name` carrying these labels (among others). */
function sample(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN: TOKEN, METRICS_ALLOWED_ADDRESSES: '10.20.0.0/16, 192.0.2.7' });
});
afterAll(() => ctx?.close());

const readMetrics = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, remoteAddress?: string) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('GET /metrics after traffic', () => {
  let samples: Sample[];
  let placed: string;

  beforeAll(async () => {
    for (const slug of ['wegovy', 'wegovy', 'mounjaro']) {
      expect((await ctx.app.inject(`/shop-api/products/by-slug/${slug}?channel=WEB_WL_UK`)).statusCode).toBe(200);
    }
    expect((await ctx.app.inject('/shop-api/no-such-thing/12345')).statusCode).toBe(404);
    // An order: its authorisation is a payment event, and its 'order placed' email waits in the outbox with its send job
    // (this test app works no jobs).
    placed = await placedOrderNumber(ctx.app, await signedInPatient(ctx.app));
    // Waiting for a clinician, placed two hours ago (the clinic's patients answer their tasks elsewhere).
    await ctx.database.db
      .update(orders)
      .set({ state: 'in_review', createdAt: sql`now() - interval '2 hours'` })
      .where(eq(orders.number, placed));
    const res = await readMetrics();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(PROMETHEUS_TEXT);
    expect(res.headers['cache-control']).toBe('no-store');
    samples = samplesOf(res.body);
  });

  it('times requests by route pattern and status, never by the URL with its ids', () => {
    const bySlug = { method: 'GET', route: '/shop-api/products/by-slug/:slug', status_code: '200' };
    expect(sample(samples, 'http_request_duration_seconds_count', bySlug)).toBe(3);
    expect(sample(samples, 'http_request_duration_seconds_sum', bySlug)).toBeGreaterThan(0);
    expect(sample(samples, 'http_request_duration_seconds_bucket', { ...bySlug, le: '+Inf' })).toBe(3);
    expect(sample(samples, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(sample(samples, 'http_request_duration_seconds_count', { method: 'POST', route: '/shop-api/checkout/:token/complete', status_code: '201' })).toBe(1);
    const routes = samples.filter((s) => s.name === 'http_request_duration_seconds_count').map((s) => s.labels.route);
    expect(routes.filter((route) => /wegovy|mounjaro|12345|ORD/i.test(route ?? ''))).toEqual([]);
  });

  it('counts the outbox backlog and the queued send jobs', async () => {
    const due = await ctx.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(inArray(notifications.status, ['queued', 'sending', 'failed']), lte(notifications.sendAfter, new Date())));
    expect(due.length).toBeGreaterThanOrEqual(1);
    expect(sample(samples, 'notifications_outbox_backlog')).toBe(due.length);
    expect(sample(samples, 'notifications_outbox_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(samples, 'notifications_outbox_oldest_seconds')).toBeLessThan(120);
    // One send job per message, the sign-up code's included (the test sent it by hand, leaving its job queued).
    const { rows } = await ctx.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'notification-sends' and state = 'created'`);
    const sendJobs = (rows[0] as { n: number }).n;
    expect(sendJobs).toBeGreaterThan(due.length);
    expect(sample(samples, 'job_queue_waiting', { queue: 'notification-sends' })).toBe(sendJobs);
    expect(sample(samples, 'job_queue_failed', { queue: 'notification-sends' })).toBe(0);
    expect(sample(samples, 'job_queue_retrying', { queue: 'notification-sends' })).toBe(0);
    // Dead-letter queues are counted as their queue's failures, not as queues of their own.
    expect(samples.filter((s) => s.name === 'job_queue_waiting' && s.labels.queue?.endsWith('-dead-letter'))).toEqual([]);
  });

  it('reports the order waiting for review with its age, and the payment by outcome', () => {
    expect(sample(samples, 'orders_awaiting_review')).toBe(1);
    const age = sample(samples, 'orders_awaiting_review_oldest_seconds')!;
    expect(age).toBeGreaterThan(2 * 3600 - 60);
    expect(age).toBeLessThan(2 * 3600 + 120);
    expect(sample(samples, 'payments_last_hour', { outcome: 'authorised' })).toBe(1);
    expect(sample(samples, 'payments_last_hour', { outcome: 'declined' })).toBe(0);
  });

  it("carries the database pool's use and the process's own figures", () => {
    expect(sample(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (ctx.database.kind === 'postgres') {
      expect(sample(samples, 'db_pool_max_connections')).toBe(5);
      expect(sample(samples, 'db_pool_connections', { state: 'idle' })! + sample(samples, 'db_pool_connections', { state: 'busy' })!).toBeGreaterThanOrEqual(1);
      expect(sample(samples, 'db_pool_waiting_requests')).toBe(0);
    }
  });
});

describe('who may read /metrics', () => {
  const nothingHere = async () => ctx.app.inject('/nothing-here-either');

  it('refuses a caller with no token from an address not configured, as if the path did not exist', async () => {
    const refused = await readMetrics({});
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'NOT_FOUND', message: 'Nothing at GET /metrics' });
    expect(refused.body).not.toMatch(/http_request|metrics are|token/i);
    expect((await nothingHere()).statusCode).toBe(404);
  });

  it('refuses a wrong token, a token of the right length, and a token sent other than as a bearer', async () => {
    for (const authorization of ['Bearer wrong', `Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      expect((await readMetrics({ authorization })).statusCode).toBe(404);
    }
  });

  it('answers an allowed address or range without a token, and no address next to it', async () => {
    expect((await readMetrics({}, '10.20.3.4')).statusCode).toBe(200);
    expect((await readMetrics({}, '192.0.2.7')).statusCode).toBe(200);
    expect((await readMetrics({}, '10.21.0.1')).statusCode).toBe(404);
    expect((await readMetrics({}, '192.0.2.8')).statusCode).toBe(404);
  });

  it('does not believe an X-Forwarded-For from a proxy TRUST_PROXY does not name', async () => {
    expect((await readMetrics({ 'x-forwarded-for': '10.20.3.4' }, '203.0.113.9')).statusCode).toBe(404);
  });

  it('believes the configured proxy naming an allowed client', async () => {
    const proxied = await createTestContext({ METRICS_ALLOWED_ADDRESSES: '10.20.0.0/16', TRUST_PROXY: '198.51.100.1' });
    try {
      const via = (client: string, proxy: string) => proxied.app.inject({ method: 'GET', url: '/metrics', remoteAddress: proxy, headers: { 'x-forwarded-for': client } });
      expect((await via('10.20.3.4', '198.51.100.1')).statusCode).toBe(200);
      expect((await via('203.0.113.9', '198.51.100.1')).statusCode).toBe(404);
      expect((await via('10.20.3.4', '198.51.100.2')).statusCode).toBe(404);
      // No token is configured here: a bearer of anything is refused.
      expect((await proxied.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});
