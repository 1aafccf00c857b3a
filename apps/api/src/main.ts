import { buildApp, defaultWebRoot } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { scheduleCheckIns } from './jobs/check-ins';
import { loggerOptions } from './lib/logging';
import { seedDemoData } from './seed/seed';
import { secretBox, totpKeyFrom } from './modules/clinic/totp';
import { uploadEncryptionKey } from './modules/uploads/setup';
import { seedDemoStaff } from './seed/staff';

async function main(config: Config) {
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  await database.migrate();
  if (config.SEED_DEMO_DATA) await seedDemoData(database.db);
  // Demo staff have published passwords and TOTP secrets: never in production.
  if (config.SEED_DEMO_DATA && config.NODE_ENV !== 'production') {
    await seedDemoStaff(database.db, secretBox(totpKeyFrom(config.STAFF_TOTP_KEY, uploadEncryptionKey(config))));
  }

  const app = await buildApp({
    config,
    database,
    webRoot: defaultWebRoot,
    logger: loggerOptions(config.LOG_LEVEL),
  });
  // Check-ins are asked seven days ahead of a renewal, so an hourly round is prompt enough.
  const checkIns = scheduleCheckIns(database.db, {
    intervalMs: 60 * 60 * 1000,
    onError: (error) => app.log.error({ err: error }, 'check-in job failed'),
  });
  const stop = async () => {
    checkIns.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL';
  console.log(`${config.BRAND_NAME} is ready at http://localhost:${config.PORT} (${where})`);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
main(config).catch((error: unknown) => {
  console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
