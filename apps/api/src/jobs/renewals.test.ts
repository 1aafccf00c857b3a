import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/support/app';
import { RENEWAL_SCHEDULE, renewalsQueue, workRenewals } from './renewals';

const NOW = new Date('2026-11-23T10:15:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: true, now: () => NOW });
});
afterAll(() => ctx.close());

describe('the renewals queue', () => {
  it('is scheduled hourly at a quarter past in UK time and runs the renewal round with the queue’s clock', async () => {
    const rounds: Date[] = [];
    await workRenewals(ctx.jobs, { runRound: async (now) => void rounds.push(now) });
    const schedules = await ctx.database.executeSql('select cron, timezone from pgboss.schedule where name = $1', [renewalsQueue.name]);
    expect(schedules.rows).toEqual([{ cron: RENEWAL_SCHEDULE, timezone: 'Europe/London' }]);
    expect(RENEWAL_SCHEDULE).toBe('15 * * * *');

    await ctx.jobs.send(renewalsQueue, {}, { singletonKey: 'by-hand' });
    for (let tries = 0; tries < 50 && rounds.length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rounds).toEqual([NOW]);
  });
});
