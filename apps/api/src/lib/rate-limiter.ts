import { createHmac } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitWindows } from '../db/schema/index';

export interface RateLimiter {
  /** Records one attempt; false once the key has used up its attempts for the current window. */
  attempt(key: string): Promise<boolean>;
}

export interface RateLimit {
  /** Names what is counted, e.g. 'sign-in-address'; each scope counts on its own. */
  scope: string;
  limit: number;
  windowMs: number;
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
  return ({ scope, limit, windowMs }) => {
    let lastSweep = 0;
    return {
      async attempt(key) {
        const at = now();
        const windowStart = new Date(at - (at % windowMs));
        const [row] = await db
          .insert(rateLimitWindows)
          .values({ scope, keyHash: createHmac('sha256', hashKey).update(key).digest('base64url'), windowStart, hits: 1 })
          .onConflictDoUpdate({
            target: [rateLimitWindows.scope, rateLimitWindows.keyHash, rateLimitWindows.windowStart],
            set: { hits: sql`${rateLimitWindows.hits} + 1` },
          })
          .returning({ hits: rateLimitWindows.hits });
        if (at - lastSweep >= windowMs) {
          lastSweep = at;
          await db.delete(rateLimitWindows).where(and(eq(rateLimitWindows.scope, scope), lt(rateLimitWindows.windowStart, windowStart)));
        }
        return row!.hits <= limit;
      },
    };
  };
}

/** Asks every limiter (each records the attempt); true only when all of them allow it. */
export async function allowedByAll(checks: ReadonlyArray<readonly [RateLimiter, string]>): Promise<boolean> {
  const verdicts = await Promise.all(checks.map(([limiter, key]) => limiter.attempt(key)));
  return verdicts.every(Boolean);
}
