// One whole API process for the kill test: the app on the configured PostgreSQL database, working every job queue,
// listening on a free port. With HANG_AFTER=capture (or void), the provider carries out that call and the shop never
// hears back; the process then writes {"hung":"capture"} on stdout, for the test to kill it there.
import type { AddressInfo } from 'node:net';
import type { PaymentGateway } from '../../src/adapters/payment-gateway/port';
import { buildApp } from '../../src/app';
import { configOrExit, openMigratedDatabase, processLogger } from '../../src/boot';
import { startJobs } from '../../src/lib/queue';
import { workEveryQueue } from '../../src/jobs/work-every-queue';

const hangAfter = process.env.HANG_AFTER;
const never = () => new Promise<never>(() => undefined);

/** The provider answers, but the answer never reaches the shop. */
function losingTheReply(gateway: PaymentGateway): PaymentGateway {
  return {
    ...gateway,
    async capture(...args) {
      await gateway.capture(...args);
      if (hangAfter !== 'capture') return;
      process.stdout.write(`${JSON.stringify({ hung: 'capture' })}\n`);
      return never();
    },
    async void(...args) {
      await gateway.void(...args);
      if (hangAfter !== 'void') return;
      process.stdout.write(`${JSON.stringify({ hung: 'void' })}\n`);
      return never();
    },
  };
}

const config = configOrExit();
const database = await openMigratedDatabase(config);
const log = processLogger(config);
const jobs = await startJobs(database, { runJobs: true, log, pollingIntervalSeconds: 0.5 });
const app = await buildApp({ config, database, jobs, wrapPaymentGateway: losingTheReply });
await workEveryQueue(jobs, app, database.db, log);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ listening: (app.server.address() as AddressInfo).port, pid: process.pid })}\n`);
