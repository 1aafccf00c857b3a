// One renewal round in a process of its own, for the multi-process renewal tests: the renewal service on the
// configured PostgreSQL database at the instant RENEWAL_NOW, charging through the sandbox gateway or, with
// CKO_BASE_URL, the Checkout.com adapter against that address, writing patient messages to the notifications
// outbox as the API does (sent by whichever process works the queue). It reports on stdout, one JSON line: the
// round's report.
import { checkoutComGateway } from '../../src/adapters/payment-gateway/checkout-com';
import { sandboxGateway } from '../../src/adapters/payment-gateway/sandbox';
import { configOrExit, openMigratedDatabase } from '../../src/boot';
import { createDueCheckIns } from '../../src/jobs/check-ins';
import { startJobs } from '../../src/lib/queue';
import { notificationsFor } from '../../src/modules/notifications/index';
import { createRenewalService } from '../../src/modules/subscriptions/index';

const config = configOrExit();
const database = await openMigratedDatabase(config);
const now = new Date(process.env.RENEWAL_NOW!);
const gateway = process.env.CKO_BASE_URL
  ? checkoutComGateway({ secretKey: 'sk_sbox_test', publicKey: 'pk_sbox_test', baseUrl: process.env.CKO_BASE_URL })
  : sandboxGateway({ db: database.db, webhookSecret: 'whsec_renewal_processes', today: () => now });
const log = { error: (details: object, message: string) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`), warn: () => undefined };
const jobs = await startJobs(database, { runJobs: false, log });
const notifications = notificationsFor(config, database.db, jobs, { log, now: () => now });
await notifications.prepare();
const renewals = createRenewalService({
  db: database.db,
  gateway,
  notifier: notifications.notifier,
  log,
  issueCheckIns: (at) => createDueCheckIns(database.db, at),
  unansweredTrySeconds: Number(process.env.UNANSWERED_TRY_SECONDS ?? 60),
});
const report = await renewals.runRound(now);
process.stdout.write(`${JSON.stringify({ pid: process.pid, report })}\n`);
await jobs.stop();
await database.close();
process.exit(0);
