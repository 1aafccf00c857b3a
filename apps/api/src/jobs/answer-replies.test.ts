import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultationAnswerSends } from '../db/schema/quiz';
import { createTestContext, type TestContext } from '../../test/support/app';
import { ANSWER_REPLIES_SCHEDULE, answerRepliesQueue, workAnswerReplies } from './answer-replies';

const NOW = new Date('2026-11-23T03:40:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: true, now: () => NOW });
});
afterAll(() => ctx.close());

const keptKeys = async () => (await ctx.database.db.select({ key: consultationAnswerSends.idempotencyKey }).from(consultationAnswerSends)).map((row) => row.key).sort();

describe('the replies kept for answers sent again', () => {
  it('are forgotten once the quiz session that could send them again has ended (90 days), by a nightly job', async () => {
    const keep = (idempotencyKey: string, daysAgo: number) =>
      ctx.database.db.insert(consultationAnswerSends).values({ sessionKey: 'session-hash', idempotencyKey, reply: { consultationId: 'c' }, createdAt: new Date(NOW.getTime() - daysAgo * DAY_MS) });
    await keep('sent-yesterday', 1);
    await keep('sent-89-days-ago', 89);
    await keep('sent-91-days-ago', 91);
    await keep('sent-a-year-ago', 365);

    await workAnswerReplies(ctx.jobs, ctx.database.db);
    const schedules = await ctx.database.executeSql('select cron, timezone from pgboss.schedule where name = $1', [answerRepliesQueue.name]);
    expect(schedules.rows).toEqual([{ cron: ANSWER_REPLIES_SCHEDULE, timezone: 'Europe/London' }]);

    await ctx.jobs.send(answerRepliesQueue, {}, { singletonKey: 'by-hand' });
    for (let tries = 0; tries < 50 && (await keptKeys()).length > 2; tries++) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await keptKeys()).toEqual(['sent-89-days-ago', 'sent-yesterday']);
  });
});
