import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/support/database';
import { defineQueue, jobIdFor, startJobs, type Jobs } from './queue';

const NOW = new Date('2027-03-28T07:00:00Z');
const quiet = { error: () => undefined, warn: () => undefined };

let database: Database;
let jobs: Jobs;
beforeAll(async () => {
  database = await createTestDatabase();
  jobs = await startJobs(database, { runJobs: true, log: quiet, now: () => NOW, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await jobs.stop();
  await database.close();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface JobRow {
  name: string;
  state: string;
  data: Record<string, unknown>;
  retry_count: number;
  output: { message?: string } | null;
}
const jobsIn = async (queue: string): Promise<JobRow[]> =>
  (await database.executeSql('select name, state, data, retry_count, output from pgboss.job where name = $1 order by created_on', [queue])).rows as JobRow[];

describe('the job queue', () => {
  it('runs a job once per singleton key, and again once the key is cancelled', async () => {
    const queue = defineQueue<{ patient: number }>('test-once');
    const seen: number[] = [];
    await jobs.work(queue, async ({ patient }) => {
      seen.push(patient);
    });
    const first = await jobs.send(queue, { patient: 1 }, { singletonKey: 'patient-1' });
    expect(first).toBe(jobIdFor('test-once', 'patient-1'));
    expect(await jobs.send(queue, { patient: 1 }, { singletonKey: 'patient-1' })).toBeNull();
    await until(async () => seen.length, (count) => count >= 1);
    expect(await jobs.send(queue, { patient: 1 }, { singletonKey: 'patient-1' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(seen).toEqual([1]);

    await jobs.cancel(queue, 'patient-1');
    expect(await jobs.send(queue, { patient: 1 }, { singletonKey: 'patient-1' })).toBe(first);
    await until(async () => seen.length, (count) => count >= 2);
    expect(seen).toEqual([1, 1]);
  });

  it('queues many jobs in one call, each once per key, with the retry policy of its queue', async () => {
    const queue = defineQueue<{ n: number }>('test-many', { retryLimit: 3 });
    const taken = await jobs.send(queue, { n: 1 }, { singletonKey: 'n-1' });
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
    await jobs.sendMany(queue, [
      { data: { n: 1 }, options: { singletonKey: 'n-1' } },
      { data: { n: 2 }, options: { singletonKey: 'n-2' } },
      { data: { n: 3 }, options: { singletonKey: 'n-3', startAfter: inAnHour } },
    ]);
    await jobs.sendMany(queue, [{ data: { n: 2 }, options: { singletonKey: 'n-2' } }]);
    await jobs.sendMany(queue, []);
    const rows = (
      await database.executeSql("select id, data, retry_limit, start_after > now() + interval '50 minutes' as later from pgboss.job where name = $1 order by data->>'n'", ['test-many'])
    ).rows as Array<{ id: string; data: { n: number }; retry_limit: number; later: boolean }>;
    expect(rows).toEqual([
      { id: taken, data: { n: 1 }, retry_limit: 3, later: false },
      { id: jobIdFor('test-many', 'n-2'), data: { n: 2 }, retry_limit: 3, later: false },
      { id: jobIdFor('test-many', 'n-3'), data: { n: 3 }, retry_limit: 3, later: true },
    ]);
    // A key sendMany took is taken for send too.
    expect(await jobs.send(queue, { n: 2 }, { singletonKey: 'n-2' })).toBeNull();
  });

  it('withdraws a job cancelled before its time, and starts none before startAfter', async () => {
    const queue = defineQueue<{ n: number }>('test-later');
    const seen: number[] = [];
    await jobs.work(queue, async ({ n }) => {
      seen.push(n);
    });
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
    await jobs.send(queue, { n: 1 }, { singletonKey: 'later', startAfter: inAnHour });
    await jobs.send(queue, { n: 2 }, { singletonKey: 'now' });
    await until(async () => seen.length, (count) => count >= 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(seen).toEqual([2]);
    expect((await jobsIn('test-later')).map((job) => job.state).sort()).toEqual(['completed', 'created']);

    await jobs.cancel(queue, 'later');
    expect((await jobsIn('test-later')).map((job) => job.state)).toEqual(['completed']);
  });

  it('retries a failing job with backoff, then moves it with its data to the dead-letter queue', async () => {
    const queue = defineQueue<{ email: string }>('test-failing', { retryLimit: 2, retryDelaySeconds: 1 });
    const tries: Array<{ retryCount: number; at: number; now: Date }> = [];
    await jobs.work(queue, async (_data, job) => {
      tries.push({ retryCount: job.retryCount, at: Date.now(), now: job.now });
      // A failed query carries its values; a patient's data must not reach the job's stored error.
      throw Object.assign(new Error('Failed query: select 1\nparams: someone@example.com'), { query: 'select 1', params: ['someone@example.com'] });
    });
    await jobs.send(queue, { email: 'patient@example.com' });

    const dead = await until(() => jobsIn(queue.deadLetter), (rows) => rows.length > 0, 30_000);
    expect(dead).toMatchObject([{ name: 'test-failing-dead-letter', state: 'created', data: { email: 'patient@example.com' } }]);
    expect(tries.map((t) => t.retryCount)).toEqual([0, 1, 2]);
    expect(tries.every((t) => t.now.getTime() === NOW.getTime())).toBe(true);
    // Backoff: the second wait is longer than the first.
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThan(tries[1]!.at - tries[0]!.at);

    const [failed] = await jobsIn('test-failing');
    expect(failed).toMatchObject({ state: 'failed', retry_count: 2 });
    expect(failed!.output!.message).toBe('Failed query: select 1');
    expect(JSON.stringify(failed!.output)).not.toContain('someone@example.com');
  });

  it('takes queued jobs many at a fetch, each settled on its own: one failing retries alone, the others complete', async () => {
    const queue = defineQueue<{ n: number }>('test-batch', { retryLimit: 1, retryDelaySeconds: 1 });
    for (let n = 0; n < 8; n += 1) await jobs.send(queue, { n });
    const runs: number[] = [];
    await jobs.work(queue, async ({ n }) => {
      runs.push(n);
      if (n === 3) throw new Error('the third cannot be done');
    });
    const rows = await until(() => jobsIn('test-batch'), (found) => found.every((row) => ['completed', 'failed'].includes(row.state)), 30_000);
    expect(rows.map((row) => [row.data.n, row.state])).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((n) => [n, n === 3 ? 'failed' : 'completed']));
    // The failing one was tried again (retryLimit 1); none of the others ran twice.
    expect(runs.filter((n) => n === 3)).toHaveLength(2);
    expect(runs.filter((n) => n !== 3).sort()).toEqual([0, 1, 2, 4, 5, 6, 7]);
    // All were queued before the work began, so one fetch took them all: they were started by one statement.
    const started = await database.executeSql("select count(distinct started_on)::int as fetches from pgboss.job where name = 'test-batch' and state = 'completed'");
    expect(started.rows).toEqual([{ fetches: 1 }]);
  });

  it('keeps schedules in UK time, and reports itself until stopped', async () => {
    const queue = defineQueue<{ kind: string }>('test-scheduled');
    await jobs.schedule(queue, '30 7 * * 1', { kind: 'weekly' });
    const rows = (await database.executeSql('select cron, timezone, data from pgboss.schedule where name = $1', ['test-scheduled'])).rows;
    expect(rows).toEqual([{ cron: '30 7 * * 1', timezone: 'Europe/London', data: { kind: 'weekly' } }]);

    const other = await startJobs(database, { runJobs: false, log: quiet });
    expect(await other.health()).toBe('ok');
    await expect(other.work(queue, async () => undefined)).rejects.toThrow('This process does not run jobs');
    await other.stop();
    expect(await other.health()).toBe('stopped');
  });

  it('refuses a queue name pg-boss would mangle', () => {
    expect(() => defineQueue('Check Ins')).toThrow('Not a queue name');
  });
});
