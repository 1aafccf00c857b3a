import { buildApp, defaultWebRoot } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { scheduleCheckIns } from './jobs/check-ins';
import { scheduleStalePaymentSweep } from './jobs/stale-payments';
import { loggerOptions } from './lib/logging';
import { seedDemoData } from './seed/seed';
import { seedDemoClinician } from './seed/staff';

async function main(config: Config) {
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  await database.migrate();
  if (config.SEED_DEMO_DATA) await seedDemoData(database.db);
  if (config.SEED_DEMO_DATA && config.NODE_ENV !== 'production') await seedDemoClinician(database.db, config.DEMO_CLINICIAN_PASSWORD);

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
  // A checkout left waiting is settled 15 minutes after it began; a five-minute round keeps that prompt.
  const stalePayments = scheduleStalePaymentSweep(
    { db: database.db, orders: app.orders, onError: (error, orderNumber) => app.log.error({ err: error, orderNumber }, 'could not settle a stale payment') },
    { intervalMs: 5 * 60 * 1000, onFailure: (error) => app.log.error({ err: error }, 'stale-payment sweep failed') },
  );
  const stop = async () => {
    checkIns.stop();
    stalePayments.stop();
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
