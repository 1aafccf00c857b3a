import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { loggerOptions } from './lib/logging';

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

export function processLogger(config: Config) {
  return pino(loggerOptions(config.LOG_LEVEL));
}

export function exitOnFailure(what: string) {
  return (error: unknown) => {
    console.error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  };
}
