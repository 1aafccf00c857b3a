import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { sandboxSources } from '../src/db/schema/sandbox-gateway';
import { startJobs, type Jobs } from '../src/lib/queue';
import { queueStoredCardDeletion, storedCardDeletionsQueue } from '../src/jobs/stored-card-deletions';
import { createTestDatabase } from './support/database';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

describe.runIf(!process.env.DATABASE_URL)('the separate worker without PostgreSQL', () => {
  it('is skipped', ({ skip }) => skip('needs PostgreSQL (set DATABASE_URL): the worker runs beside API processes on one server'));
});

describe.skipIf(!process.env.DATABASE_URL)('`npm run worker` on PostgreSQL', () => {
  let database: Database & { url?: string };
  let jobs: Jobs;
  let worker: ChildProcess;
  const output: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // An API process that runs no jobs queues them; only the worker can do the work.
    jobs = await startJobs(database, { runJobs: false, log: { error: () => undefined, warn: () => undefined } });
    worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: apiRoot,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: database.url!, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'elmwood-worker-')) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    await until(async () => output.join('').includes('worker is running the job queue'), 90_000);
  }, 120_000);

  afterAll(async () => {
    if (worker?.exitCode === null) {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
    await jobs?.stop();
    await database?.close();
  });

  it('works the queues that need the shop’s services, not only the messages: a deleted account’s card is deleted at the gateway', async () => {
    expect(output.join(''), output.join('')).toContain('worker is running the job queue');
    await database.db.insert(sandboxSources).values({ id: 'src_worker_test', kind: 'card', brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2030, behaviour: 'authorise' });
    await jobs.prepare(storedCardDeletionsQueue);
    await database.db.transaction((tx) => queueStoredCardDeletion(jobs, tx, 'src_worker_test'));
    const deletedAt = async () => (await database.db.select().from(sandboxSources).where(eq(sandboxSources.id, 'src_worker_test')))[0]!.deletedAt;
    await until(async () => (await deletedAt()) !== null, 60_000);
    expect(await deletedAt(), output.join('')).not.toBeNull();
  }, 90_000);
});

async function until(done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
}
