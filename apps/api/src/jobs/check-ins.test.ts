import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_CODES } from '@elmwood/domain';
import { tasks } from '../db/schema/tasks';
import { createTestContext, type TestContext } from '../../test/support/app';
import { insertOrder, signedInPatientWithId } from '../../test/support/account';
import { checkInsQueue, createDueCheckIns, workCheckIns } from './check-ins';
import { startJobs } from '../lib/queue';

// Monday 23 November 2026 in London: renewals up to Monday 30 November are due a check-in.
const NOW = new Date('2026-11-23T10:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: true, now: () => NOW });
});
afterAll(() => ctx.close());

const checkInsOf = (customerId: number) =>
  ctx.database.db.select().from(tasks).where(and(eq(tasks.customerId, customerId), eq(tasks.code, TASK_CODES.weightLossCheckIn)));
async function subscriber(nextDeliveryDate: string, options: { state?: string; productCodes?: string[]; subscriptionState?: string } = {}) {
  const patient = await signedInPatientWithId(ctx.app, ctx.database.db);
  await insertOrder(ctx.database.db, patient.customerId, {
    state: options.state ?? 'delivered',
    productCodes: options.productCodes,
    withTasks: false,
    subscription: { frequency: 30, nextDeliveryDate, state: options.subscriptionState },
  });
  return patient;
}

describe('createDueCheckIns', () => {
  it('asks an active weight-loss subscriber for a check-in from seven days before the renewal, once', async () => {
    const due = await subscriber('2026-11-30');
    const notYet = await subscriber('2026-12-01');
    const paused = await subscriber('2026-11-25', { subscriptionState: 'paused' });
    const awaitingReview = await subscriber('2026-11-25', { state: 'in_review' });
    const hairLoss = await subscriber('2026-11-25', { productCodes: ['FINASTERIDE'] });

    expect(await createDueCheckIns(ctx.database.db, NOW)).toBe(1);
    expect(await checkInsOf(due.customerId)).toMatchObject([{ state: 'open', orderId: null }]);
    for (const patient of [notYet, paused, awaitingReview, hairLoss]) expect(await checkInsOf(patient.customerId)).toEqual([]);

    expect(await createDueCheckIns(ctx.database.db, NOW)).toBe(0);
    await ctx.database.db.update(tasks).set({ state: 'completed' }).where(eq(tasks.customerId, due.customerId));
    expect(await createDueCheckIns(ctx.database.db, NOW)).toBe(0);
    expect(await checkInsOf(due.customerId)).toHaveLength(1);

    expect(await createDueCheckIns(ctx.database.db, new Date('2026-11-24T10:00:00Z'))).toBe(1);
    expect(await checkInsOf(notYet.customerId)).toHaveLength(1);
  });

  it('runs as the check-ins queue: scheduled hourly on the hour in UK time, and one round when processes start', async () => {
    const due = await subscriber('2026-11-29');
    await workCheckIns(ctx.jobs, ctx.database.db);
    const schedules = await ctx.database.executeSql('select cron, timezone from pgboss.schedule where name = $1', [checkInsQueue.name]);
    expect(schedules.rows).toEqual([{ cron: '0 * * * *', timezone: 'Europe/London' }]);

    for (let tries = 0; tries < 50 && (await checkInsOf(due.customerId)).length === 0; tries++) await new Promise((r) => setTimeout(r, 200));
    expect(await checkInsOf(due.customerId)).toMatchObject([{ state: 'open' }]);

    // A second process starting in the same hour adds no second round.
    const other = await startJobs(ctx.database, { runJobs: true, log: { error: () => undefined, warn: () => undefined } });
    await workCheckIns(other, ctx.database.db);
    await other.stop();
    const rounds = await ctx.database.executeSql("select id from pgboss.job where name = $1 and singleton_key like 'at-start-%'", [checkInsQueue.name]);
    expect(rounds.rows).toHaveLength(1);
  });

  it('creates each check-in once when rounds overlap', async () => {
    const patients = [await subscriber('2026-11-27'), await subscriber('2026-11-28')];
    const rounds = await Promise.all([createDueCheckIns(ctx.database.db, NOW), createDueCheckIns(ctx.database.db, NOW), createDueCheckIns(ctx.database.db, NOW)]);
    expect(rounds.reduce((sum, created) => sum + created, 0)).toBe(2);
    for (const patient of patients) expect(await checkInsOf(patient.customerId)).toHaveLength(1);
  });
});
