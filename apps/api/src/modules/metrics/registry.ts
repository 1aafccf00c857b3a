import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { queueFigures } from '../../lib/queue';
import { PAYMENT_WINDOW_SECONDS, readShopFigures } from './figures';

export interface ShopMetrics {
  /** One answered request: its method, route pattern (never the raw URL, which carries ids), status and duration. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** The Prometheus text, with the database's figures read now. */
  render(): Promise<{ contentType: string; text: string }>;
}

/**
 * The shop's metrics in a registry of its own (one per app, so apps built side by side in tests never share series).
 * The process's and the pool's figures are read from memory at each scrape; the outbox, queues, reviews and payments
 * from the database, in two statements (the shop's tables and pg-boss's), at each scrape and never on a timer.
 */
export function createShopMetrics({ database, now }: { database: Pick<Database, 'db' | 'executeSql' | 'poolUse'>; now: () => Date }): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections, by state: busy (running a query) or idle; absent for the embedded database',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = database.poolUse();
      if (!pool) return;
      this.set({ state: 'busy' }, pool.open - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections the pool opens',
    registers,
    collect() {
      const pool = database.poolUse();
      if (pool) this.set(pool.max);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a free connection (the pool is exhausted)',
    registers,
    collect() {
      const pool = database.poolUse();
      if (pool) this.set(pool.waiting);
    },
  });

  const queueWaiting = new Gauge({ name: 'job_queue_waiting', help: 'Jobs due and not yet picked up, by queue', labelNames: ['queue'] as const, registers });
  const queueDeferred = new Gauge({ name: 'job_queue_deferred', help: 'Jobs held for a later start (scheduled, or a retry backing off), by queue', labelNames: ['queue'] as const, registers });
  const queueRetrying = new Gauge({ name: 'job_queue_retrying', help: 'Jobs that failed a try and will be tried again, by queue', labelNames: ['queue'] as const, registers });
  const queueFailed = new Gauge({ name: 'job_queue_failed', help: "Jobs that failed every try, waiting in the queue's dead-letter queue, by queue", labelNames: ['queue'] as const, registers });
  const queueOldest = new Gauge({ name: 'job_queue_oldest_waiting_seconds', help: 'How long the oldest waiting job has been due, by queue', labelNames: ['queue'] as const, registers });

  const outboxBacklog = new Gauge({ name: 'notifications_outbox_backlog', help: 'Messages due and not yet handed to their provider', registers });
  const outboxOldest = new Gauge({ name: 'notifications_outbox_oldest_seconds', help: 'How long the longest-due unsent message has been due', registers });
  const awaitingReview = new Gauge({ name: 'orders_awaiting_review', help: "Orders waiting for a clinician's decision", registers });
  const oldestReview = new Gauge({ name: 'orders_awaiting_review_oldest_seconds', help: 'How long ago the oldest order waiting for a decision was placed (promised within 24 hours)', registers });
  const payments = new Gauge({
    name: 'payments_last_hour',
    help: `Payment events of the last ${PAYMENT_WINDOW_SECONDS / 60} minutes, by outcome (authorised, declined, captured, voided, refunded…)`,
    labelNames: ['outcome'] as const,
    registers,
  });

  async function readDatabaseFigures() {
    const [shop, queues] = await Promise.all([readShopFigures(database.db, now()), queueFigures(database)]);
    outboxBacklog.set(shop.outboxBacklog);
    outboxOldest.set(shop.outboxOldestSeconds);
    awaitingReview.set(shop.ordersAwaitingReview);
    oldestReview.set(shop.oldestAwaitingReviewSeconds);
    for (const [outcome, count] of Object.entries(shop.paymentsByOutcome)) payments.set({ outcome }, count);
    for (const gauge of [queueWaiting, queueDeferred, queueRetrying, queueFailed, queueOldest]) gauge.reset();
    for (const figure of queues) {
      const labels = { queue: figure.queue };
      queueWaiting.set(labels, figure.waiting);
      queueDeferred.set(labels, figure.deferred);
      queueRetrying.set(labels, figure.retrying);
      queueFailed.set(labels, figure.failed);
      queueOldest.set(labels, figure.oldestWaitingSeconds);
    }
  }

  return {
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status_code: status }, seconds);
    },
    async render() {
      await readDatabaseFigures();
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}
