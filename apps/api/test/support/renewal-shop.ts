import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { subscriptions } from '../../src/db/schema/subscriptions';
import { createTestContext, type TestContext } from './app';
import { signedInStaff, type SignedInStaff } from './staff';

/**
 * A shop on a fake clock, with a signed-in prescriber, set up before a renewal test file's tests and closed after
 * them: `at` moves the clock every rule and round reads, `round` runs the renewal round at it.
 */
export function renewalShop(env: Record<string, string> = {}, start = new Date('2026-11-23T10:00:00Z')) {
  const shop = {
    clock: start,
    ctx: undefined as unknown as TestContext,
    prescriber: undefined as unknown as SignedInStaff,
    at(date: string, time = '10:00') {
      shop.clock = new Date(`${date}T${time}:00Z`);
    },
    db: () => shop.ctx.database.db,
    round: () => shop.ctx.app.renewals.runRound(shop.clock),
    planRow: async (id: string) => (await shop.db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!,
  };
  beforeAll(async () => {
    shop.ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_ADDRESS: '1000', ...env }, { now: () => shop.clock });
    shop.prescriber = await signedInStaff(shop.ctx, 'prescriber');
  });
  afterAll(() => shop.ctx.close());
  return shop;
}
