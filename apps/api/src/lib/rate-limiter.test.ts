import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/database';
import type { Database } from '../db/client';
import { rateLimitWindows } from '../db/schema/index';
import { allowedByAll, checkAll, databaseRateLimiters } from './rate-limiter';

let database: Database;
let clock = 0;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const SECRET = 'a test secret of thirty-two characters';

describe('databaseRateLimiters', () => {
  it('allows the limit, refuses the next, and forgets once the window has passed', async () => {
    clock = 1_000_000;
    const limiter = databaseRateLimiters(database.db, SECRET, () => clock)({ scope: 'window-test', limit: 2, windowMs: 1000 });
    const tries = [await limiter.attempt('a'), await limiter.attempt('a'), await limiter.attempt('a')];
    expect(tries).toEqual([true, true, false]);
    expect(await limiter.attempt('b')).toBe(true);
    clock = 1_000_999;
    expect(await limiter.attempt('a')).toBe(false);
    clock = 1_001_000;
    expect(await limiter.attempt('a')).toBe(true);
  });

  it('shares its counts between processes, and counts each scope on its own', async () => {
    clock = 2_000_000;
    const limit = { scope: 'shared-test', limit: 3, windowMs: 60_000 };
    // Two API processes: each builds its own limiters over the one database.
    const first = databaseRateLimiters(database.db, SECRET, () => clock)(limit);
    const second = databaseRateLimiters(database.db, SECRET, () => clock)(limit);
    const other = databaseRateLimiters(database.db, SECRET, () => clock)({ ...limit, scope: 'other-test' });
    expect([await first.attempt('k'), await second.attempt('k'), await first.attempt('k')]).toEqual([true, true, true]);
    expect(await second.attempt('k')).toBe(false);
    expect(await other.attempt('k')).toBe(true);
  });

  it('counts concurrent attempts without losing any', async () => {
    clock = 3_000_000;
    const limiter = databaseRateLimiters(database.db, SECRET, () => clock)({ scope: 'concurrent-test', limit: 10, windowMs: 60_000 });
    const verdicts = await Promise.all(Array.from({ length: 15 }, () => limiter.attempt('burst')));
    expect(verdicts.filter(Boolean)).toHaveLength(10);
  });

  it('keeps no email or network address, only a keyed hash, and sweeps ended windows', async () => {
    clock = 4_000_000;
    const limiter = databaseRateLimiters(database.db, SECRET, () => clock)({ scope: 'privacy-test', limit: 5, windowMs: 1000 });
    await limiter.attempt('patient@example.com');
    clock = 4_002_000;
    await limiter.attempt('203.0.113.9');
    const rows = (await database.db.select().from(rateLimitWindows)).filter((row) => row.scope === 'privacy-test');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toMatch(/patient|example|203\.0/);
  });

  it('allowedByAll records the attempt with every limiter and allows only when all do', async () => {
    clock = 5_000_000;
    const limiters = databaseRateLimiters(database.db, SECRET, () => clock);
    const strict = limiters({ scope: 'all-strict', limit: 1, windowMs: 60_000 });
    const loose = limiters({ scope: 'all-loose', limit: 5, windowMs: 60_000 });
    expect(await allowedByAll([[strict, 'x'], [loose, 'y']])).toBe(true);
    expect(await allowedByAll([[strict, 'x'], [loose, 'y']])).toBe(false);
    expect(await loose.attempt('y')).toBe(true); // the refused try was still counted: this is its third
    expect(await allowedByAll([[loose, 'y'], [loose, 'y']])).toBe(true);
    expect(await loose.attempt('y')).toBe(false);
  });

  it('check says when the window ends; count reads the window without recording', async () => {
    clock = 6_000_250;
    const limiter = databaseRateLimiters(database.db, SECRET, () => clock)({ scope: 'check-test', limit: 1, windowMs: 10_000 });
    expect(await limiter.count('k')).toBe(0);
    expect(await limiter.check('k')).toEqual({ allowed: true, retryAfterSeconds: 10 });
    clock = 6_008_001;
    expect(await limiter.check('k')).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(await limiter.count('k')).toBe(2);
    expect(await limiter.count('k')).toBe(2);
    clock = 6_010_000;
    expect(await limiter.count('k')).toBe(0);
  });

  it('checkAll asks in turn and stops at the first refusal, which then says how long to wait', async () => {
    clock = 7_200_000;
    const limiters = databaseRateLimiters(database.db, SECRET, () => clock);
    const own = limiters({ scope: 'all-own', limit: 1, windowMs: 60_000 });
    const shared = limiters({ scope: 'all-shared', limit: 2, windowMs: 3_600_000 });
    expect(await checkAll([[own, 'a'], [shared, 'shop']])).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await checkAll([[own, 'a'], [shared, 'shop']])).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await shared.count('shop')).toBe(1);
    expect(await checkAll([[own, 'b'], [shared, 'shop']])).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await checkAll([[own, 'c'], [shared, 'shop']])).toEqual({ allowed: false, retryAfterSeconds: 3600 });
  });
});
