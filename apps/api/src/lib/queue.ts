import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { errorForLog } from './logging';
import { latestScheduledTime } from './schedule-times';
import { inJobSpan } from './tracing/index';

/** Schedules are wall-clock times in the UK, across the clock changes. */
export const JOBS_TIME_ZONE = 'Europe/London';

/** One kind of background work: its queue, how a failed try is retried, and where it goes after the last. */
export interface QueueDefinition<T extends object> {
  readonly name: string;
  /** Tries after the first failure before the job moves to its dead-letter queue. */
  readonly retryLimit: number;
  /** Wait before the first retry; each later one waits about twice as long as the one before. */
  readonly retryDelaySeconds: number;
  /** A try still running after this long counts as failed (its process died under it) and is retried. */
  readonly expireInSeconds: number;
  /** Where a job lands after its last failed try, with its data, for someone to look at. */
  readonly deadLetter: string;
  /** Carries the data's type only. */
  readonly example?: T;
}

/** Names are lower-case words joined by hyphens, e.g. 'check-ins' or 'reminder-emails'. */
export function defineQueue<T extends object>(
  name: string,
  options: Partial<Pick<QueueDefinition<T>, 'retryLimit' | 'retryDelaySeconds' | 'expireInSeconds'>> = {},
): QueueDefinition<T> {
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(name)) throw new RangeError(`Not a queue name: ${name}`);
  return {
    name,
    retryLimit: options.retryLimit ?? 5,
    retryDelaySeconds: options.retryDelaySeconds ?? 30,
    expireInSeconds: options.expireInSeconds ?? 15 * 60,
    deadLetter: `${name}-dead-letter`,
  };
}

export interface SendOptions {
  /**
   * The job's identity: a second send with the same key on the same queue adds nothing while the first is
   * queued, running, or finished within the last week — from any process, before or after a restart.
   */
  singletonKey?: string;
  /** Not before this instant. */
  startAfter?: Date;
  /** Not before this many seconds from now. */
  delaySeconds?: number;
}

export interface JobContext {
  id: string;
  /** 0 on the first try. */
  retryCount: number;
  /** The queue's clock (tests fix it); use it rather than new Date() so a job's rules can be tested. */
  now: Date;
}

/** Throwing fails this try: the job is retried with backoff, then moved to its dead-letter queue. */
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export type QueueHealth = 'ok' | 'stopped' | 'unavailable';

export interface Jobs {
  /** Queues a job; answers its id, or null when its singleton key was already taken. */
  send<T extends object>(queue: QueueDefinition<T>, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Queues a job inside the caller's transaction (a transactional outbox): it exists only if the transaction
   * commits. The queue must have been prepared first, outside any transaction.
   */
  sendWithin<T extends object>(tx: Executor, queue: QueueDefinition<T>, data: T, options?: SendOptions): Promise<string | null>;
  /** Queues many jobs in one statement, each as `send` would (a key already taken adds nothing). */
  sendMany<T extends object>(queue: QueueDefinition<T>, jobs: readonly { data: T; options?: SendOptions }[]): Promise<void>;
  /** Creates the queue (idempotent), so that jobs can later be sent to it from inside a transaction. */
  prepare(queue: QueueDefinition<object>): Promise<void>;
  /** Withdraws a job sent with this key so it never runs (a running try finishes); the key may then be sent again. */
  cancel(queue: QueueDefinition<object>, singletonKey: string): Promise<void>;
  /** Runs the queue's jobs in this process, one at a time per queue. Only where jobs run (RUN_JOBS, the worker). */
  work<T extends object>(queue: QueueDefinition<T>, handler: JobHandler<T>): Promise<void>;
  /** Sends `data` to the queue at each time of a cron expression in Europe/London; one job per time whatever the number of processes. */
  schedule<T extends object>(queue: QueueDefinition<T>, cron: string, data: T): Promise<void>;
  /**
   * For a clock moved from `from` to `to` (the test clock): every schedule, whichever process made it, with a time in
   * (from, to] gets one job, keyed by its latest such time, so moving over the same time again adds nothing.
   * Answers the queues whose time was passed.
   */
  sendSchedulesPassed(from: Date, to: Date): Promise<string[]>;
  health(): Promise<QueueHealth>;
  stop(): Promise<void>;
}

/** A Drizzle database or transaction: anything that runs a statement. */
export interface Executor {
  execute(query: SQL): Promise<unknown>;
}

/** pg-boss's statement with numbered parameters ($1, $2…), as a Drizzle query with the same values bound. */
function boundStatement(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`);
  });
  return sql.join(chunks, sql.raw(''));
}

function transactionDb(tx: Executor) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = (await tx.execute(boundStatement(text, values))) as { rows?: unknown[] } | unknown[];
      return { rows: Array.isArray(result) ? result : (result.rows ?? []) };
    },
  };
}

export interface JobsOptions {
  /** Whether this process works jobs and keeps time for schedules; every process may send. */
  runJobs: boolean;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  now?: () => Date;
  /** How often an idle queue asks for work. */
  pollingIntervalSeconds?: number;
  /** How often a process checks whether a schedule is due (one process per round does the sending). */
  cronMonitorIntervalSeconds?: number;
}

/**
 * Jobs a worker takes from a queue at each fetch. pg-boss waits its polling interval after every fetch unless this
 * process sent the job itself, so with one at a time a separate worker process sent at most one job every two
 * seconds per queue: the cluster's soak run found sign-up codes a minute behind under load.
 */
const JOBS_PER_FETCH = 20;

/** The week during which a finished job keeps its singleton key taken. */
const KEEP_FINISHED_JOBS_SECONDS = 7 * 24 * 60 * 60;
const DEAD_LETTER_RETENTION_MINUTES = 30 * 24 * 60;

/**
 * pg-boss on the shop's database: its tables live in their own schema (`pgboss`), created and migrated by
 * pg-boss itself at start, never by the shop's migrations. Its SQL goes through the database's own
 * connections, so the same code runs on PostgreSQL and on the embedded PGlite.
 */
/** PostgreSQL's codes for a deadlock and for a row another transaction has just inserted. */
const RACE_CODES = new Set(['40P01', '23505']);

function isRaceWithAnotherProcess(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (RACE_CODES.has(String((current as { code?: unknown }).code))) return true;
  }
  return false;
}

/**
 * Processes starting together each create the queues they work: PostgreSQL lets one win and refuses the other
 * (a deadlock on pg-boss's queue table, or a duplicate). Creating a queue is idempotent, so the refused one tries
 * again after a short random pause and finds the queue made.
 */
async function whileProcessesRace(create: () => Promise<void>, tries = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await create();
    } catch (error) {
      if (attempt >= tries || !isRaceWithAnotherProcess(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

/** A job's identity (its key's id, so a repeat from any process conflicts) and its start, as pg-boss takes them. */
function jobOptions(queue: QueueDefinition<object>, { singletonKey, startAfter, delaySeconds }: SendOptions): { id?: string; singletonKey?: string; startAfter?: Date } {
  // A delay counts on this machine's clock, never a test's fixed one. (pg-boss also takes a number of seconds, but
  // the embedded database types that parameter as a timestamp and refuses it.)
  const after = startAfter ?? (delaySeconds ? new Date(Date.now() + delaySeconds * 1000) : undefined);
  return {
    ...(singletonKey !== undefined ? { id: jobIdFor(queue.name, singletonKey), singletonKey } : {}),
    ...(after ? { startAfter: after } : {}),
  };
}

export async function startJobs(database: Database, options: JobsOptions): Promise<Jobs> {
  const { runJobs, log, now = () => new Date() } = options;
  // pg-boss records a finished job's outcome without awaiting it, so a job that ends as the queue stops can still be
  // writing after boss.stop() resolves; stop() waits for these, or closing the pool next would fail them.
  const inFlight = new Set<Promise<unknown>>();
  const tracked = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => tracked(database.executeSql(text, values)) },
    supervise: runJobs,
    schedule: runJobs,
    migrate: true,
    archiveCompletedAfterSeconds: KEEP_FINISHED_JOBS_SECONDS,
    ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
  });
  // pg-boss reports failures of its own rounds (maintenance, polling) as events; unheard, they would end the process.
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
  await boss.start();
  let stopped = false;

  const ready = new Map<string, Promise<void>>();
  const ensureQueue = (queue: QueueDefinition<object>) => {
    let promise = ready.get(queue.name);
    if (!promise) {
      promise = whileProcessesRace(async () => {
        await boss.createQueue(queue.deadLetter, { name: queue.deadLetter, retentionMinutes: DEAD_LETTER_RETENTION_MINUTES });
        const settings = {
          name: queue.name,
          retryLimit: queue.retryLimit,
          retryDelay: queue.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: queue.expireInSeconds,
          deadLetter: queue.deadLetter,
        };
        await boss.createQueue(queue.name, settings);
        // createQueue leaves an existing queue as it was; this carries a changed retry policy to it.
        await boss.updateQueue(queue.name, settings);
      });
      promise.catch(() => ready.delete(queue.name));
      ready.set(queue.name, promise);
    }
    return promise;
  };

  return {
    async send(queue, data, sendOptions = {}) {
      await ensureQueue(queue);
      return boss.send(queue.name, data, jobOptions(queue, sendOptions));
    },
    async sendWithin(tx, queue, data, sendOptions = {}) {
      const prepared = ready.get(queue.name);
      if (!prepared) throw new Error(`Queue ${queue.name} is not prepared: prepare it before sending from a transaction`);
      await prepared;
      return boss.send(queue.name, data, { db: transactionDb(tx), ...jobOptions(queue, sendOptions) });
    },
    async sendMany(queue, jobs) {
      if (jobs.length === 0) return;
      await ensureQueue(queue);
      await boss.insert(jobs.map(({ data, options = {} }) => ({ name: queue.name, data, ...jobOptions(queue, options) })));
    },
    async prepare(queue) {
      await ensureQueue(queue);
    },
    async cancel(queue, singletonKey) {
      await ensureQueue(queue);
      await boss.deleteJob(queue.name, jobIdFor(queue.name, singletonKey));
    },
    async work(queue, handler) {
      if (!runJobs) throw new Error(`This process does not run jobs (RUN_JOBS=false); ${queue.name} is worked elsewhere`);
      await ensureQueue(queue);
      const workOptions = { batchSize: JOBS_PER_FETCH, includeMetadata: true as const, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
      await boss.work<Parameters<typeof handler>[0]>(queue.name, workOptions, async (batch) => {
        // One at a time, each settled on its own: a failed job is failed (and retried) alone, and pg-boss then
        // completes the batch's others, which are still active.
        for (const job of batch) {
          try {
            await tracked(inJobSpan(queue.name, job.id, () => handler(job.data, { id: job.id, retryCount: job.retryCount, now: now() })));
          } catch (error) {
            log.error({ err: error, queue: queue.name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
            // pg-boss keeps the error on the job's row: without a failed query's values, which may be a patient's data.
            await tracked(boss.fail(queue.name, job.id, { message: errorForLog(error).message }));
          }
        }
      });
    },
    async schedule(queue, cron, data) {
      await ensureQueue(queue);
      await boss.schedule(queue.name, cron, data, { tz: JOBS_TIME_ZONE });
    },
    async sendSchedulesPassed(from, to) {
      const passed: string[] = [];
      // pg-boss's rows carry the schedule's time zone, which its type leaves out.
      const schedules = (await boss.getSchedules()) as Array<PgBoss.Schedule & { timezone?: string | null }>;
      for (const { name, cron, timezone, data } of schedules) {
        const time = latestScheduledTime(cron, timezone ?? JOBS_TIME_ZONE, from, to);
        if (!time) continue;
        // One round per schedule per move: a repeat of the same move (from the same instant) adds nothing, but time
        // passed again after the clock was moved back is passed again, as a plan made meanwhile needs.
        const singletonKey = `schedule-${time.toISOString()}-from-${from.toISOString()}`;
        await boss.send(name, (data ?? {}) as object, { id: jobIdFor(name, singletonKey), singletonKey });
        passed.push(name);
      }
      return passed.sort();
    },
    async health() {
      if (stopped) return 'stopped';
      try {
        return (await boss.isInstalled()) ? 'ok' : 'unavailable';
      } catch {
        return 'unavailable';
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, timeout: 10_000 });
      const giveUpAt = Date.now() + 30_000;
      while (inFlight.size > 0 && Date.now() < giveUpAt) {
        await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
        // A job's outcome is written in the turn after its handler settles.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

/**
 * A job's id from its singleton key (a name-based UUID, RFC 9562 version 5): pg-boss inserts a job whose id is
 * taken as nothing, which is what makes a key send once across processes and restarts.
 */
export function jobIdFor(queueName: string, singletonKey: string): string {
  const bytes = createHash('sha1').update(`elmwood-job\0${queueName}\0${singletonKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One queue's backlog as a scrape reads it. */
export interface QueueFigures {
  queue: string;
  /** Jobs whose start has come and that no process has picked up yet. */
  waiting: number;
  /** Jobs held for a later start: a scheduled send, or a retry's backoff. */
  deferred: number;
  /** Jobs that failed a try and will be tried again. */
  retrying: number;
  /** Jobs that failed every try and wait in the dead-letter queue for an admin. */
  failed: number;
  /** How long the oldest waiting job has been due; 0 with none waiting. */
  oldestWaitingSeconds: number;
}

const DEAD_LETTER_SUFFIX = '-dead-letter';

interface QueueRow {
  name: string;
  waiting: number;
  deferred: number;
  retrying: number;
  oldest_waiting_seconds: number | string | null;
}

/**
 * Every queue's backlog in one statement: only jobs not yet started are read, through pg-boss's own partial index on
 * them (job_i5), so its cost follows the backlog, never the week of finished jobs kept beside it. A queue's
 * dead-letter queue is counted as that queue's failures.
 */
export async function queueFigures(database: Pick<Database, 'executeSql'>): Promise<QueueFigures[]> {
  const { rows } = await database.executeSql(
    `select q.name,
       count(j.id) filter (where j.start_after <= now())::int as waiting,
       count(j.id) filter (where j.start_after > now())::int as deferred,
       count(j.id) filter (where j.state = 'retry')::int as retrying,
       extract(epoch from now() - min(j.start_after) filter (where j.start_after <= now()))::float8 as oldest_waiting_seconds
     from pgboss.queue q
     left join pgboss.job j on j.name = q.name and j.state < 'active'
     group by q.name
     order by q.name`,
  );
  const figures = new Map<string, QueueFigures>();
  const deadLetters = new Map<string, number>();
  for (const row of rows as QueueRow[]) {
    if (row.name.endsWith(DEAD_LETTER_SUFFIX)) {
      deadLetters.set(row.name.slice(0, -DEAD_LETTER_SUFFIX.length), Number(row.waiting) + Number(row.deferred));
      continue;
    }
    figures.set(row.name, {
      queue: row.name,
      waiting: Number(row.waiting),
      deferred: Number(row.deferred),
      retrying: Number(row.retrying),
      failed: 0,
      oldestWaitingSeconds: Math.max(0, Number(row.oldest_waiting_seconds ?? 0)),
    });
  }
  for (const [queue, failed] of deadLetters) {
    const figure = figures.get(queue);
    if (figure) figure.failed = failed;
  }
  return [...figures.values()];
}
