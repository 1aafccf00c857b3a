// One renewal round in a process of its own, for the multi-process renewal tests: the renewal service on the
// configured PostgreSQL database at the instant RENEWAL_NOW, charging through the sandbox gateway or, with
// CKO_BASE_URL, the Checkout.com adapter against that address, writing patient messages to the notifications
// outbox as the API does (sent by whichever process works the queue). It reports on stdout, one JSON line: the
// round's report.
import { weightRecord } from '../../src/modules/weight/index';
import { gpConsentsOf } from '../../src/modules/gp/index';
import { taskBook } from '../../src/modules/tasks/index';
import { checkoutComGateway } from '../../src/adapters/payment-gateway/checkout-com';
import { sandboxGateway } from '../../src/adapters/payment-gateway/sandbox';
import { configOrExit, openMigratedDatabase } from '../../src/boot';
import { startJobs } from '../../src/lib/queue';
import { notificationsFor } from '../../src/modules/notifications/index';
import { checkoutCarts, promotionCatalog } from '../../src/modules/cart/index';
import { createQuestionnaireService } from '../../src/modules/questionnaires/service';
import { createReferrals } from '../../src/modules/referrals/index';
import { renewalWorkflows } from '../../src/workflows/renewal-workflows';
import { gpConcernWorkflow } from '../../src/workflows/gp-concern';
import { gpLettersFor } from '../../src/modules/gp-letters/index';
import type { PlanEvents } from '../../src/modules/subscriptions/index';

const config = configOrExit();
const database = await openMigratedDatabase(config);
const now = new Date(process.env.RENEWAL_NOW!);
const gateway = process.env.CKO_BASE_URL
  ? checkoutComGateway({ secretKey: 'sk_sbox_test', publicKey: 'pk_sbox_test', baseUrl: process.env.CKO_BASE_URL })
  : sandboxGateway({ db: database.db, webhookSecret: 'whsec_renewal_processes', today: () => now });
const log = { error: (details: object, message: string) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`), warn: () => undefined };
const jobs = await startJobs(database, { runJobs: false, log });
const notifications = notificationsFor(config, database.db, jobs, { log, now: () => now, taskBook });
await notifications.prepare();
const referrals = createReferrals({ capPence: config.REFERRAL_CAP_PENCE });
const carts = checkoutCarts({ db: database.db, promotions: promotionCatalog(database.db), questionnaires: createQuestionnaireService(database.db, 0), referrals });
const wired: { planEvents?: PlanEvents } = {};
const gpLetters = gpLettersFor(config, database.db, { jobs, notifier: notifications.notifier, now: () => now, weights: weightRecord, gpConsentsOf, onConcern: (tx, concern) => gpConcernWorkflow({ planEvents: wired.planEvents! })(tx, concern) });
const { renewals, planEvents } = renewalWorkflows({
  gpLetters,
  db: database.db,
  gateway,
  log,
  now: () => now,
  notifier: notifications.notifier,
  jobs,
  referrals,
  carts,
  unansweredTrySeconds: Number(process.env.UNANSWERED_TRY_SECONDS ?? 60),
});
wired.planEvents = planEvents;
const report = await renewals.runRound(now);
process.stdout.write(`${JSON.stringify({ pid: process.pid, report })}\n`);
await jobs.stop();
await database.close();
process.exit(0);
