import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { loggerOptions } from './lib/logging';
import { startJobs, type Jobs } from './lib/queue';
import { stopTracing, traceIdsForLog, tracingActive } from './lib/tracing/index';

/** What both processes (the API and the worker) do first. A bad variable stops the process with one line naming it. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The configured database, migrated (several processes starting at once take turns). */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  await database.migrate();
  return database;
}

/** The process's log; while tracing, each line written inside a span carries its trace_id and span_id. */
export function processLogger(config: Config) {
  return pino({ ...loggerOptions(config.LOG_LEVEL), ...(tracingActive() ? { mixin: traceIdsForLog } : {}) });
}

export interface Booted {
  log: ReturnType<typeof processLogger>;
  database: Database;
  jobs: Jobs;
}

/**
 * The one boot of both processes: the logger, the migrated database and the job queue (working only where
 * `runJobs`). `beforeJobs` runs on the migrated database before the queue starts (the API's demo seed).
 */
export async function boot(config: Config, options: { runJobs: boolean; now?: () => Date; beforeJobs?: (database: Database) => Promise<void> }): Promise<Booted> {
  const log = processLogger(config);
  const database = await openMigratedDatabase(config);
  await options.beforeJobs?.(database);
  const jobs = await startJobs(database, { runJobs: options.runJobs, log, now: options.now });
  return { log, database, jobs };
}

/** On SIGINT or SIGTERM: `close` what the process serves, then the queue and the database, send the last spans, then exit. */
export function stopOnSignal({ database, jobs }: Booted, close: () => Promise<void> = async () => undefined): void {
  const stop = async () => {
    await close();
    await jobs.stop();
    await database.close();
    await stopTracing();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

export function exitOnFailure(what: string) {
  return (error: unknown) => {
    console.error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  };
}
