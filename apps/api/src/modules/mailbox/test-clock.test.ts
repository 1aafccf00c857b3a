import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, TASK_CODES, ukCalendarDate } from '@elmwood/domain';
import { tasks } from '../../db/schema/tasks';
import { checkInsQueue, workCheckIns } from '../../jobs/check-ins';
import { settableClock } from '../../lib/test-clock';
import { insertOrder, signedInPatientWithId } from '../../../test/support/account';
import { createTestContext, type TestContext } from '../../../test/support/app';

const clock = settableClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TEST_CLOCK: 'true' }, { runJobs: true, now: clock.now, testClock: clock });
  await workCheckIns(ctx.jobs, ctx.database.db);
});
afterAll(() => ctx.close());

const moveClock = async (at: Date) => {
  const reply = await ctx.app.inject({ method: 'POST', url: '/dev/clock', payload: { at: at.toISOString() } });
  expect(reply.statusCode).toBe(200);
  return reply.json() as { now: string; rounds: string[] };
};
const checkInsOf = (customerId: number) =>
  ctx.database.db.select().from(tasks).where(and(eq(tasks.customerId, customerId), eq(tasks.code, TASK_CODES.weightLossCheckIn)));
const roundsSentByTheClock = async () =>
  (await ctx.database.executeSql("select singleton_key from pgboss.job where name = $1 and singleton_key like 'schedule-%'", [checkInsQueue.name])).rows;

describe('POST /dev/clock', () => {
  it('runs, once, each schedule whose time it passes: the hourly check-in round reaches a renewal six days ahead', async () => {
    const realNow = new Date();
    const nextDelivery = addDays(ukCalendarDate(realNow), 30);
    const patient = await signedInPatientWithId(ctx.app, ctx.database.db);
    await insertOrder(ctx.database.db, patient.customerId, { state: 'dispatched', withTasks: false, subscription: { frequency: 30, nextDeliveryDate: nextDelivery } });
    expect(await checkInsOf(patient.customerId)).toEqual([]);

    const sixDaysBefore = new Date(`${addDays(nextDelivery, -6)}T12:30:00Z`);
    const moved = await moveClock(sixDaysBefore);
    expect(moved.rounds).toContain(checkInsQueue.name);
    await expect.poll(async () => (await checkInsOf(patient.customerId)).length, { timeout: 15_000, interval: 200 }).toBe(1);

    // Back, a plan made meanwhile, and over the same time again: that time is passed again, so the new plan's
    // check-in comes too (the round itself finds the first plan's already given).
    await moveClock(realNow);
    const later = await signedInPatientWithId(ctx.app, ctx.database.db);
    await insertOrder(ctx.database.db, later.customerId, { state: 'dispatched', withTasks: false, subscription: { frequency: 30, nextDeliveryDate: nextDelivery } });
    await moveClock(sixDaysBefore);
    await expect.poll(async () => (await checkInsOf(later.customerId)).length, { timeout: 15_000, interval: 200 }).toBe(1);
    expect(await checkInsOf(patient.customerId)).toHaveLength(1);
    // One round of that hour per pass; the same span sent again (a retried request) adds none.
    const hour = `schedule-${addDays(nextDelivery, -6)}T12:00:00.000Z`;
    const roundsOfThatHour = async () => (await roundsSentByTheClock()).filter((row) => (row as { singleton_key: string }).singleton_key.startsWith(hour));
    expect(await roundsOfThatHour()).toHaveLength(2);
    await ctx.jobs.sendSchedulesPassed(realNow, sixDaysBefore);
    await ctx.jobs.sendSchedulesPassed(realNow, sixDaysBefore);
    expect(await roundsOfThatHour()).toHaveLength(3);
  });

  it('sends nothing for a move that passes no schedule’s time', async () => {
    const now = clock.now();
    const before = (await roundsSentByTheClock()).length;
    const onTheHour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000 + 60_000);
    await moveClock(onTheHour);
    const later = await moveClock(new Date(onTheHour.getTime() + 10 * 60_000));
    expect(later.rounds).not.toContain(checkInsQueue.name);
    expect((await roundsSentByTheClock()).length).toBe(before + 1);
  });
});
