import { createHmac } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitWindows } from '../db/schema/index';

export interface RateLimitVerdict {
  allowed: boolean;
  /** When refused, the seconds until the key may try again (at least 1). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Records one attempt; false once the key has used up its attempts for the current window. */
  attempt(key: string): Promise<boolean>;
  /** Records one attempt and says whether it is allowed, and when the window ends. */
  check(key: string): Promise<RateLimitVerdict>;
  /** The attempts recorded for the key in the current window, recording none. */
  count(key: string): Promise<number>;
}

export interface RateLimit {
  /** Names what is counted, e.g. 'sign-in-address'; each scope counts on its own. */
  scope: string;
  limit: number;
  windowMs: number;
}

/** Failures of one kind (wrong passwords) per key, with when the latest happened. */
export interface FailureLog {
  record(key: string): Promise<void>;
  /** The failures within the look-back period, and the instant (ms) of the latest, or null when there were none. */
  recent(key: string): Promise<{ failures: number; lastAt: number | null }>;
}

/** Builds the limits of one shop. */
export type RateLimiters = (limit: RateLimit) => RateLimiter;

/**
 * Counts attempts per key in fixed windows in PostgreSQL, so every API process shares the counts and a
 * restart forgets none of them. Keys (an email address, a network address) are stored only as an HMAC
 * under a key derived from `secret`, so the table says nothing about who tried. Windows past their end are
 * swept now and then.
 */
export function databaseRateLimiters(db: Db, secret: string, now: () => number = Date.now): RateLimiters {
  const hashKey = createHmac('sha256', secret).update('rate-limit keys').digest();
  const keyHashOf = (key: string) => createHmac('sha256', hashKey).update(key).digest('base64url');
  return ({ scope, limit, windowMs }) => {
    let lastSweep = 0;
    const windowOf = (at: number) => new Date(at - (at % windowMs));
    const retryAfterSeconds = (at: number) => Math.max(1, Math.ceil((windowOf(at).getTime() + windowMs - at) / 1000));
    async function check(key: string): Promise<RateLimitVerdict> {
      const at = now();
      const windowStart = windowOf(at);
      const [row] = await db
        .insert(rateLimitWindows)
        .values({ scope, keyHash: keyHashOf(key), windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitWindows.scope, rateLimitWindows.keyHash, rateLimitWindows.windowStart],
          set: { hits: sql`${rateLimitWindows.hits} + 1` },
        })
        .returning({ hits: rateLimitWindows.hits });
      if (at - lastSweep >= windowMs) {
        lastSweep = at;
        await db.delete(rateLimitWindows).where(and(eq(rateLimitWindows.scope, scope), lt(rateLimitWindows.windowStart, windowStart)));
      }
      return { allowed: row!.hits <= limit, retryAfterSeconds: retryAfterSeconds(at) };
    }
    return {
      check,
      async attempt(key) {
        return (await check(key)).allowed;
      },
      async count(key) {
        const [row] = await db
          .select({ hits: rateLimitWindows.hits })
          .from(rateLimitWindows)
          .where(and(eq(rateLimitWindows.scope, scope), eq(rateLimitWindows.keyHash, keyHashOf(key)), eq(rateLimitWindows.windowStart, windowOf(now()))));
        return row?.hits ?? 0;
      },
    };
  };
}

/** Asks every limiter (each records the attempt); true only when all of them allow it. */
export async function allowedByAll(checks: ReadonlyArray<readonly [RateLimiter, string]>): Promise<boolean> {
  const verdicts = await Promise.all(checks.map(([limiter, key]) => limiter.attempt(key)));
  return verdicts.every(Boolean);
}

/**
 * Keeps failures in the same table, one row per key and instant (window_start is when it happened), so every
 * process sees when the latest was. Rows older than `lookBackMs` are swept as new ones arrive.
 */
export function databaseFailureLog(db: Db, secret: string, scope: string, lookBackMs: number, now: () => number = Date.now): FailureLog {
  const hashKey = createHmac('sha256', secret).update('rate-limit keys').digest();
  const keyHashOf = (key: string) => createHmac('sha256', hashKey).update(key).digest('base64url');
  let lastSweep = 0;
  return {
    async record(key) {
      const at = now();
      await db
        .insert(rateLimitWindows)
        .values({ scope, keyHash: keyHashOf(key), windowStart: new Date(at), hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitWindows.scope, rateLimitWindows.keyHash, rateLimitWindows.windowStart],
          set: { hits: sql`${rateLimitWindows.hits} + 1` },
        });
      if (at - lastSweep >= lookBackMs / 10) {
        lastSweep = at;
        await db.delete(rateLimitWindows).where(and(eq(rateLimitWindows.scope, scope), lt(rateLimitWindows.windowStart, new Date(at - lookBackMs))));
      }
    },
    async recent(key) {
      const [row] = await db
        .select({ failures: sql<number>`coalesce(sum(${rateLimitWindows.hits}), 0)::int`, lastAt: sql<Date | string | null>`max(${rateLimitWindows.windowStart})` })
        .from(rateLimitWindows)
        .where(and(eq(rateLimitWindows.scope, scope), eq(rateLimitWindows.keyHash, keyHashOf(key)), gte(rateLimitWindows.windowStart, new Date(now() - lookBackMs))));
      const lastAt = row?.lastAt ? new Date(row.lastAt).getTime() : null;
      return { failures: row?.failures ?? 0, lastAt };
    },
  };
}

/**
 * Asks the limiters in turn, each recording the attempt, and stops at the first that refuses: a client refused
 * by its own limit (per address, per cart) uses up none of the shop-wide allowance that later limits count.
 */
export async function checkAll(checks: ReadonlyArray<readonly [RateLimiter, string]>): Promise<RateLimitVerdict> {
  for (const [limiter, key] of checks) {
    const verdict = await limiter.check(key);
    if (!verdict.allowed) return verdict;
  }
  return { allowed: true, retryAfterSeconds: 0 };
}
