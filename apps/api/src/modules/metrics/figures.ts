import { sql } from 'drizzle-orm';
import { ORDER_PAYMENT_LIFECYCLE, type OrderPaymentEvent } from '@elmwood/domain';
import type { Db } from '../../db/client';

/** The payment events counted, as the money's lifecycle names them (authorised, declined, captured…). */
export const PAYMENT_OUTCOMES = Object.keys(ORDER_PAYMENT_LIFECYCLE.transitions) as OrderPaymentEvent[];

/** The window payments are counted over: card testing and a provider's outage show within the hour. */
export const PAYMENT_WINDOW_SECONDS = 60 * 60;

/** What the shop's own tables say at one instant. */
export interface ShopFigures {
  /** Messages due and not yet handed to their provider (queued, being sent, or failed and to be retried). */
  outboxBacklog: number;
  /** How long the longest-due of those has been due; 0 with none. */
  outboxOldestSeconds: number;
  /** Orders waiting for a clinician's decision (the clinic's 'ready' queue). */
  ordersAwaitingReview: number;
  /** How long ago the oldest of those was placed (the promise: a decision within 24 hours); 0 with none. */
  oldestAwaitingReviewSeconds: number;
  /** Payment events of the last PAYMENT_WINDOW_SECONDS, by outcome; every outcome present, 0 where none. */
  paymentsByOutcome: Record<string, number>;
}

interface FiguresRow {
  outbox_backlog: number;
  outbox_oldest: string | Date | null;
  awaiting_review: number;
  oldest_awaiting_review_seconds: number | string | null;
  payments: Record<string, number> | string | null;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows: T[] }).rows ?? []));

const secondsSince = (at: Date, instant: string | Date | null) => (instant === null ? 0 : Math.max(0, (at.getTime() - new Date(instant).getTime()) / 1000));

/**
 * The figures in one statement, each part read through an index and bounded by what is outstanding, never by the
 * tables' history: the outbox by (status, send_after), orders in review by their partial index, payment events by
 * (event, created_at) over the last hour. Each age counts on the clock its rows were written with: a message's
 * send_after on the shop's (`at`, which tests move), an order's and an event's created_at on the database's.
 */
export async function readShopFigures(db: Db, at: Date): Promise<ShopFigures> {
  const outcomes = sql.join(PAYMENT_OUTCOMES.map((outcome) => sql`${outcome}`), sql`, `);
  const [row] = rowsOf<FiguresRow>(
    await db.execute(sql`select
      (select count(*)::int from notifications where status in ('queued', 'sending', 'failed') and send_after <= ${at}) as outbox_backlog,
      (select min(send_after) from notifications where status in ('queued', 'sending', 'failed') and send_after <= ${at}) as outbox_oldest,
      (select count(*)::int from orders where state = 'in_review') as awaiting_review,
      (select extract(epoch from now() - min(created_at))::float8 from orders where state = 'in_review') as oldest_awaiting_review_seconds,
      (select json_object_agg(event, n) from (
        select event, count(*)::int as n from order_events
        where event in (${outcomes}) and created_at > now() - make_interval(secs => ${PAYMENT_WINDOW_SECONDS}) and machine = 'payment'
        group by event) as counted) as payments`),
  );
  const counted = typeof row?.payments === 'string' ? (JSON.parse(row.payments) as Record<string, number>) : (row?.payments ?? {});
  return {
    outboxBacklog: Number(row?.outbox_backlog ?? 0),
    outboxOldestSeconds: secondsSince(at, row?.outbox_oldest ?? null),
    ordersAwaitingReview: Number(row?.awaiting_review ?? 0),
    oldestAwaitingReviewSeconds: Math.max(0, Number(row?.oldest_awaiting_review_seconds ?? 0)),
    paymentsByOutcome: Object.fromEntries(PAYMENT_OUTCOMES.map((outcome) => [outcome, Number(counted[outcome] ?? 0)])),
  };
}
