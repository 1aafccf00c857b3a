import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { prescribingConfiguration, retentionPeriods, type Config } from './config';
import type { Database } from './db/client';
import type { PaymentGateway } from './adapters/payment-gateway/port';
import type { Jobs } from './lib/queue';
import { databaseRateLimiters } from './lib/rate-limiter';
import { checkoutCarts, promotionCatalog } from './modules/cart/index';
import { createRecordRetention } from './modules/clinic/index';
import { gpLettersFor } from './modules/gp-letters/index';
import { notificationsFor } from './modules/notifications/index';
import { doseLoggedSince } from './modules/companion/index';
import type { PlanEvents } from './modules/subscriptions/index';
import { createOrderService, declineRules, networkAddressKey } from './modules/orders/index';
import { paymentSetupFor } from './modules/payment/setup';
import { createQuestionnaireService } from './modules/questionnaires/service';
import { createDataExports, dataExportLinkSecret } from './modules/data-export/index';
import { fileStoreFor } from './adapters/file-store/setup';
import { createReferrals } from './modules/referrals/index';
import { createOrderDecisions } from './workflows/decide-order';
import { gpConcernWorkflow } from './workflows/gp-concern';
import { carryOutOrderEffects } from './workflows/order-effects';
import { createPaymentActions } from './workflows/payment-actions';
import { orderPaymentsQueue, orderRefundsQueue } from './workflows/payment-queue';
import { renewalWorkflows } from './workflows/renewal-workflows';
import { taskBook } from './modules/tasks/index';
import { weightRecord } from './modules/weight/index';
import { gpConsentsOf } from './modules/gp/index';

const ONE_HOUR = 60 * 60 * 1000;

export interface ShopServicesDeps {
  config: Config;
  database: Database;
  jobs: Jobs;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Tests put a misbehaving provider between the shop and the configured one (one that times out, or never answers). */
  wrapPaymentGateway?: (gateway: PaymentGateway) => PaymentGateway;
}

export type ShopServices = Awaited<ReturnType<typeof createShopServices>>;

/**
 * The shop's services that both processes need, composed without HTTP: the API builds its routes on them, and the
 * worker (`npm run worker`) works the queues with them alone. Messages, payments, renewals, orders and the
 * clinic's decisions (a refund's job sends what the request could not).
 */
export async function createShopServices({ config, database, jobs, log, now, wrapPaymentGateway }: ShopServicesDeps) {
  const { db } = database;
  const payment = paymentSetupFor(config, db);
  const gateway = wrapPaymentGateway ? wrapPaymentGateway(payment.gateway) : payment.gateway;
  // Signs sessions and card-verification tickets and keys the rate limits' hashes. Outside production a
  // missing AUTH_SECRET means a random one per start, so sessions end on restart.
  const secret = config.AUTH_SECRET ?? randomBytes(32).toString('base64url');
  const clock = () => now().getTime();
  const limiters = databaseRateLimiters(db, secret, clock);
  const notifications = notificationsFor(config, db, jobs, { log, now, doseLoggedSince: (customerId, since) => doseLoggedSince(db, customerId, since), taskBook });
  await notifications.prepare();
  const { notifier } = notifications;

  // Copies of a patient's data (issue 37): built by a job into the encrypted file store, the patient emailed.
  const dataExports = createDataExports({
    db,
    store: fileStoreFor(config),
    jobs,
    readyEmail: (tx, { customerId, exportId, expiresAt }) =>
      notifier.notify(tx, { template: 'data-export-ready', customerId, dedupeKey: `data-export-ready:${exportId}`, data: { expiresAt: expiresAt.toISOString() } }),
    linkSecret: dataExportLinkSecret(secret),
    brandName: config.BRAND_NAME,
    prescribers: prescribingConfiguration(config).prescribers,
    now,
  });
  await dataExports.prepareQueues();

  const questionnaires = createQuestionnaireService(db, config.CATALOG_CACHE_SECONDS);
  const promotions = promotionCatalog(db);
  const referrals = createReferrals({ capPence: config.REFERRAL_CAP_PENCE });
  // Cards declined when saved from the account area count with checkout's failed payments.
  const cardDeclines = limiters({ scope: 'card-check-declined-account', limit: config.CHECKOUT_FAILED_ATTEMPTS_PER_HOUR, windowMs: ONE_HOUR });
  const carts = checkoutCarts({ db, promotions, questionnaires, referrals });
  // A GP's concern moves the plans, whose events are wired below: read when a concern comes.
  const wired: { planEvents?: PlanEvents } = {};
  const gpLetters = gpLettersFor(config, db, { jobs, notifier, now, weights: weightRecord, gpConsentsOf, onConcern: (tx, concern) => gpConcernWorkflow({ planEvents: wired.planEvents! })(tx, concern) });
  await gpLetters.prepare();
  notifications.attach('gp-letter', async (data) => {
    const file = await gpLetters.pdf(String(data.letterId));
    return file ? [{ ...file, contentType: 'application/pdf' }] : [];
  });
  const { planEvents, renewals, orderEffects } = renewalWorkflows({ db, gateway, log, now, notifier, jobs, referrals, carts, gpLetters });
  wired.planEvents = planEvents;
  const orders = createOrderService({
    db,
    gateway,
    carts,
    taskBook,
    referrals,
    carryOutEffects: (effects, input) => carryOutOrderEffects(effects, input, orderEffects),
    siteUrl: config.SITE_URL ?? `http://localhost:${config.PORT}`,
    log,
    failedAttemptsPerHour: config.CHECKOUT_FAILED_ATTEMPTS_PER_HOUR,
    recentCardCheckFailures: (customerUid) => cardDeclines.count(customerUid),
    declines: {
      rules: declineRules({
        perPatient: config.CHECKOUT_FAILED_ATTEMPTS_PER_HOUR,
        perAddress: config.CHECKOUT_DECLINES_PER_ADDRESS_PER_HOUR,
        perCard: config.CHECKOUT_DECLINES_PER_CARD_PER_HOUR,
        shop: config.CHECKOUT_DECLINES_PER_HOUR,
        beforeSlowdown: config.CHECKOUT_DECLINES_BEFORE_SLOWDOWN,
      }),
      addressKeyOf: networkAddressKey(secret),
      now,
    },
  });
  await jobs.prepare(orderPaymentsQueue);
  await jobs.prepare(orderRefundsQueue);
  const paymentActions = createPaymentActions({ db, gateway, renewals, effects: orderEffects, log, now });
  const orderDecisions = createOrderDecisions({ db, gateway, effects: orderEffects, payments: paymentActions, jobs, log, now });
  const files = fileStoreFor(config);
  const recordRetention = createRecordRetention({ db, deleteFile: (key) => files.delete(key), periods: retentionPeriods(config) });

  return {
    payment,
    paymentGateway: gateway,
    secret,
    clock,
    limiters,
    notifications,
    questionnaires,
    promotions,
    referrals,
    cardDeclines,
    checkoutCarts: carts,
    planEvents,
    renewals,
    orderEffects,
    orderDecisions,
    gpLetters,
    orders,
    paymentActions,
    dataExports,
    recordRetention,
  };
}
