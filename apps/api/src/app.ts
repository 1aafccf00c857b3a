import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { contentSecurityFor, SIDE_EFFECTS_CALL_RULE, whoPrescribes } from '@elmwood/domain';
import { prescribingConfiguration, retentionPeriods, type Config } from './config';
import { createShopServices } from './services';
import type { Database } from './db/client';
import type { PaymentGateway } from './adapters/payment-gateway/port';
import type { Jobs } from './lib/queue';
import { queueStoredCardDeletion, storedCardDeletionsQueue } from './jobs/stored-card-deletions';
import { postcodeLookupFor } from './adapters/postcode-lookup/choose';
import { gpPracticeDirectoryFor } from './adapters/gp-practices/choose';
import { reviewsPlatformFor } from './adapters/reviews/choose';
import { registerCrossSiteProtection } from './lib/cross-site';
import { registerSecurityHeaders } from './lib/security-headers';
import { registerErrorHandling } from './lib/errors';
import { registerStorableTextGuard } from './lib/storable-text';
import { pageHtmlFor } from './lib/page-html';
import { PrebuiltReplies } from './lib/prebuilt-replies';
import { serverAnsweringPrebuilt } from './lib/prebuilt-server';
import { sendPage } from './lib/page-reply';
import { loadServerRenderer, renderedPage } from './lib/server-render';
import { quizFormRoutes } from './lib/quiz-form';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { nameRequestSpan, tracingActive } from './lib/tracing/index';
import { accountRoutes, createAccountService, createBillingService, createDeletionRequests } from './modules/account/index';
import { addressBookRepo } from './modules/address/book-repo';
import { analyticsRoutes } from './modules/analytics/routes';
import { addressBookRoutes } from './modules/address/book-routes';
import { addressLookupRoutes } from './modules/address/lookup-routes';
import { authRoutes, type ClaimConsultations } from './modules/auth/routes';
import { setUpAuthentication, signInPacing } from './modules/auth/setup';
import { socialRoutes } from './modules/auth/social-routes';
import { cartRoutes, createCartService } from './modules/cart/index';
import { catalogRoutes } from './modules/catalog/routes';
import { createCatalogService } from './modules/catalog/service';
import { gpPracticeRoutes } from './modules/gp/practice-routes';
import { gpRoutes } from './modules/gp/routes';
import { healthRoutes } from './modules/health/routes';
import { createOrderPages, orderRoutes, productsTakenBy, type OrderService } from './modules/orders/index';
import { paymentRoutes, paymentWebhookRoutes } from './modules/payment/routes';
import { sandboxGatewayRoutes } from './modules/payment/sandbox-routes';
import { providerScripts } from './modules/payment/setup';
import { createStuckMessages, notificationRoutes, notificationSecret, pushRoutes, reminderRoutes, twilioRoutes, type Notifications } from './modules/notifications/index';
import { textMessagingMode } from './modules/notifications/setup';
import type { SettableClock } from './lib/test-clock';
import { mailboxRoutes, testClockRoutes } from './modules/mailbox/routes';
import { bindQuizSession, endQuizSession } from './modules/quiz/index';
import { quizRoutes } from './modules/quiz/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { createQuizService } from './modules/quiz/service';
import { stockRoutes } from './modules/stock/routes';
import { createSupportService, supportRoutes } from './modules/support/index';
import { referralRoutes } from './modules/referrals/index';
import { createSurveyService, surveyRoutes } from './modules/survey/index';
import { answerOpenQuestionWith, taskBook, taskRoutes } from './modules/tasks/index';
import { createOrderMessages, orderMessageConsoleRoutes, orderMessageRoutes } from './modules/order-messages/index';
import { audit, placedOrderByNumber } from './modules/clinic/index';
import { clinicRoutes } from './modules/clinic/routes';
import { guardStaffRoutes, staffMember } from './lib/staff-guard';
import { createUrgentCareService, openUrgentItem, urgentCareRoutes } from './modules/urgent-care/index';
import { createClinicService } from './modules/clinic/service';
import type { PaymentActions } from './workflows/payment-actions';
import type { OrderDecisions } from './workflows/decide-order';
import { createFailedWork } from './jobs/failed-work';
import { sideEffectLoggedWorkflow, sideEffectReportedWorkflow } from './workflows/side-effect-reported';
import { companionRoutes, createAfterStopping, createDiaryService, createDosePlans, createInjectionService } from './modules/companion/index';
import { taskAnsweredWorkflow } from './workflows/task-completed';
import { createDeletionService } from './modules/clinic/deletions';
import { dataExportConsoleRoutes, dataExportRoutes, type DataExports } from './modules/data-export/index';
import { requireCustomer } from './lib/signed-in';
import type { RecordRetention } from './modules/clinic/index';
import { createStaffAuth } from './modules/clinic/staff-auth';
import { secretBox, totpKeyFrom } from './modules/clinic/totp';
import { createPlanService, planRoutes, type RenewalService } from './modules/subscriptions/index';
import { uploadConsoleRoutes, uploadsRepo } from './modules/uploads/index';
import { uploadRoutes } from './modules/uploads/routes';
import { fileStoreFor, uploadEncryptionKey } from './adapters/file-store/setup';
import { createMilestones, createWeightService, weightRecord, weightRoutes } from './modules/weight/index';
import { registerMetrics } from './modules/metrics/index';
import { calendlyWebhookRoutes, coachRoutes, createCoachService, endCoachingOf, schedulerFor } from './modules/coaches/index';
import { bookingReferences } from './modules/coaches/booking-reference';
import { builtInScheduler } from './adapters/scheduling/built-in';
import { gpLetterConsoleRoutes, gpLetterRoutes, type GpLetters } from './modules/gp-letters/index';
import { whoPrescribesRoutes } from './modules/who-prescribes/index';
import { createSignalRooms, createVideoConsultations, endVideoConsultationsOf, videoConsultationConsoleRoutes, videoConsultationRoutes } from './modules/verification/index';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order use cases, for background work run beside the server (the stale-payment sweep). */
    orders: OrderService;
    /** Subscription renewals, for the renewal round run beside the server. */
    renewals: RenewalService;
    /** The outbox and its sending, for the process that runs jobs (it works the send queue). */
    notifications: Notifications;
    /** The payment gateway, for the process that runs jobs (it deletes a deleted account's kept cards). */
    paymentGateway: PaymentGateway;
    /** Captures, voids and renewal charges queued by decisions, for the process that runs jobs. */
    paymentActions: PaymentActions;
    orderDecisions: OrderDecisions;
    /** Letters to GPs, drawn and sent by the process that runs jobs. */
    gpLetters: GpLetters;
    /** Copies of patients' data, prepared and swept by the process that runs jobs. */
    dataExports: DataExports;
    /** Deleted accounts' kept records, deleted or anonymised as their periods end by the process that runs jobs. */
    recordRetention: RecordRetention;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** The background job queue: modules send jobs through it, /readyz reports it. */
  jobs: Jobs;
  /** Left out, the API logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** Folder of the built web app; left out, the API serves no pages. */
  webRoot?: string | null;
  /** The current instant, for rules that depend on the UK date and time; tests fix it. */
  now?: () => Date;
  /** With TEST_CLOCK=true outside production: the clock behind `now`, which POST /dev/clock moves. */
  testClock?: SettableClock;
  /** Tests put a misbehaving provider between the shop and the configured one (one that times out, or never answers). */
  wrapPaymentGateway?: (gateway: PaymentGateway) => PaymentGateway;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** Same depth from src/ and dist/, so one expression finds the built web app in both. */
export const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp({ config, database, jobs, logger, webRoot = null, now = () => new Date(), testClock, wrapPaymentGateway }: AppDeps): Promise<FastifyInstance> {
  const prebuilt = new PrebuiltReplies();
  const app = Fastify({
    serverFactory: serverAnsweringPrebuilt(prebuilt),
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // Only the configured proxies may name the client's address; trusting every X-Forwarded-For would let any
    // client pick the address each per-address limit counts.
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });
  // A replayed reply skips Fastify's request log, so replay only where the log would not show requests.
  if (['info', 'debug', 'trace'].includes(app.log.level)) prebuilt.stop();
  app.addHook('preClose', (done) => {
    prebuilt.stop();
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerStorableTextGuard(app);
  if (tracingActive()) {
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url) nameRequestSpan(request.method, request.routeOptions.url);
    });
  }
  await registerMetrics(app, { access: { allowedAddresses: config.METRICS_ALLOWED_ADDRESSES, token: config.METRICS_TOKEN }, database, now, prebuilt });

  const services = await createShopServices({ config, database, jobs, log: app.log, now, wrapPaymentGateway });
  const { payment, paymentGateway: gateway, secret, clock, limiters, notifications, questionnaires, promotions, referrals, cardDeclines, orders, renewals, paymentActions, planEvents } = services;
  // The providers' scripts, each allowed only when its provider is configured (loaded only on the pages that use it).
  const scripts = contentSecurityFor(providerScripts(config, payment.browser));
  registerSecurityHeaders(app, {
    // Google's and Apple's sign-in and pay sheets open as popups that answer the page that opened them.
    crossOriginOpenerPolicy: { policy: scripts['script-src'].length > 0 ? 'same-origin-allow-popups' : 'same-origin' },
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', ...scripts['img-src']],
        'style-src': ["'self'", "'unsafe-inline'", ...scripts['style-src']],
        'script-src': ["'self'", ...scripts['script-src']],
        // Off where the shop is served over plain http (tests, local runs): framed pages inherit the upgrade, so
        // the payment challenge's redirect back to the shop would be sent to an https address nobody answers.
        'upgrade-insecure-requests': config.NODE_ENV === 'production' ? [] : null,
        // The payment provider: the browser tokenises cards with it and shows its 3-D Secure page in a frame.
        'connect-src': ["'self'", ...payment.contentSecurity.connect, ...scripts['connect-src']],
        'frame-src': ["'self'", ...payment.contentSecurity.frame, ...scripts['frame-src']],
      },
    },
  });
  await app.register(fastifyCookie);
  // The video consultation's signalling, on the API's own port (messages of a few KB: descriptions and candidates).
  await app.register(fastifyWebsocket, { options: { maxPayload: 256 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: `${config.BRAND_NAME} Shop API`, version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });

  registerCrossSiteProtection(app);
  app.decorate('notifications', notifications);
  const { notifier } = notifications;
  const { auth, social } = await setUpAuthentication(app, config, database.db, { secret, limiters, now: clock, notifier });
  const secureCookies = config.NODE_ENV === 'production';

  await app.register(healthRoutes, { database, jobs });
  if (config.NODE_ENV !== 'production') await app.register(mailboxRoutes, { db: database.db });
  if (config.NODE_ENV !== 'production' && config.TEST_CLOCK && testClock) await app.register(testClockRoutes, { clock: testClock, jobs, notifications });

  const catalog = createCatalogService(database.db, config.CATALOG_CACHE_SECONDS);
  const quiz = createQuizService({ db: database.db });
  const carts = createCartService({ db: database.db, questionnaires, promotions, referrals });
  app.decorate('orders', orders);
  app.decorate('renewals', renewals);
  app.decorate('paymentGateway', gateway);
  app.decorate('paymentActions', paymentActions);
  const decisions = services.orderDecisions;
  app.decorate('orderDecisions', decisions);
  app.decorate('gpLetters', services.gpLetters);
  app.decorate('dataExports', services.dataExports);
  app.decorate('recordRetention', services.recordRetention);
  await app.register(
    async (shopApi) => {
      shopApi.get('/docs/json', { schema: { hide: true } }, async () => shopApi.swagger());
      shopApi.get('/docs', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/shop-api/docs/json'));
      await shopApi.register(catalogRoutes, { catalog, prebuilt });
      await shopApi.register(reviewRoutes, { platform: reviewsPlatformFor(config) });
      await shopApi.register(quizRoutes, {
        db: database.db,
        questionnaires,
        quiz,
        auth,
        taskBook,
        secureCookies,
        taskAnswered: taskAnsweredWorkflow({ notifier, planEvents, now }),
        prebuilt,
        takenProducts: (customerUid) => productsTakenBy(database.db, customerUid),
      });
      await shopApi.register(analyticsRoutes, {
        db: database.db,
        limits: {
          perAddress: limiters({ scope: 'analytics-address', limit: config.ANALYTICS_RATE_LIMIT_PER_ADDRESS, windowMs: FIFTEEN_MINUTES }),
          perSession: limiters({ scope: 'analytics-session', limit: config.ANALYTICS_RATE_LIMIT_PER_SESSION, windowMs: FIFTEEN_MINUTES }),
          global: limiters({ scope: 'analytics-global', limit: config.ANALYTICS_RATE_LIMIT_GLOBAL, windowMs: FIFTEEN_MINUTES }),
        },
      });
      await shopApi.register(stockRoutes, { db: database.db });
      await shopApi.register(cartRoutes, {
        carts,
        couponLimits: {
          perAddress: limiters({ scope: 'coupon-address', limit: config.COUPON_RATE_LIMIT_PER_ADDRESS, windowMs: FIFTEEN_MINUTES }),
          perCart: limiters({ scope: 'coupon-cart', limit: config.COUPON_RATE_LIMIT_PER_CART, windowMs: FIFTEEN_MINUTES }),
          perSession: limiters({ scope: 'coupon-session', limit: config.COUPON_RATE_LIMIT_PER_CART, windowMs: FIFTEEN_MINUTES }),
          global: limiters({ scope: 'coupon-global', limit: config.COUPON_RATE_LIMIT_GLOBAL, windowMs: FIFTEEN_MINUTES }),
        },
        cartLimits: {
          perAddress: limiters({ scope: 'cart-address', limit: config.CART_RATE_LIMIT_PER_ADDRESS, windowMs: FIFTEEN_MINUTES }),
          global: limiters({ scope: 'cart-global', limit: config.CART_RATE_LIMIT_GLOBAL, windowMs: FIFTEEN_MINUTES }),
        },
      });
      const claimCart = (token: string, uid: string) => carts.claim(token, uid);
      const cartHoldsUnlicensed = (token: string, viewer: string | null) => carts.holdsUnlicensed(token, viewer);
      const claimConsultations: ClaimConsultations = (request, reply, uid) => bindQuizSession(database.db, request, reply, uid, secureCookies);
      const forgetConsultations = (reply: FastifyReply) => endQuizSession(reply, secureCookies);
      await shopApi.register(authRoutes, { auth, secureCookies, claimCart, cartHoldsUnlicensed, claimConsultations, forgetConsultations, now });
      if (social) {
        const clientIds = config.SOCIAL_SIGN_IN === 'live' ? { google: config.GOOGLE_CLIENT_ID!, apple: config.APPLE_CLIENT_ID! } : null;
        await shopApi.register(socialRoutes, { signIn: social.signIn, sandbox: social.sandbox, secureCookies, claimCart, claimConsultations, clientIds });
      }
      await shopApi.register(addressLookupRoutes, {
        lookup: postcodeLookupFor(config),
        limits: {
          perAddress: limiters({ scope: 'postcode-address', limit: config.POSTCODE_LOOKUP_RATE_LIMIT_PER_ADDRESS, windowMs: FIFTEEN_MINUTES }),
          perSession: limiters({ scope: 'postcode-session', limit: config.POSTCODE_LOOKUP_RATE_LIMIT_PER_SESSION, windowMs: FIFTEEN_MINUTES }),
          global: limiters({ scope: 'postcode-global', limit: config.POSTCODE_LOOKUP_RATE_LIMIT_GLOBAL, windowMs: FIFTEEN_MINUTES }),
        },
      });
      await shopApi.register(addressBookRoutes, { repo: addressBookRepo(database.db), auth });
      await shopApi.register(gpRoutes, { db: database.db, auth, taskBook });
      await shopApi.register(gpPracticeRoutes, {
        directory: gpPracticeDirectoryFor(config),
        limits: {
          perAddress: limiters({ scope: 'gp-search-address', limit: config.GP_SEARCH_RATE_LIMIT_PER_ADDRESS, windowMs: FIFTEEN_MINUTES }),
          perPatient: limiters({ scope: 'gp-search-patient', limit: config.GP_SEARCH_RATE_LIMIT_PER_PATIENT, windowMs: FIFTEEN_MINUTES }),
          global: limiters({ scope: 'gp-search-global', limit: config.GP_SEARCH_RATE_LIMIT_GLOBAL, windowMs: FIFTEEN_MINUTES }),
        },
      });
      await shopApi.register(taskRoutes, { db: database.db, auth });
      await shopApi.register(accountRoutes, { account: createAccountService({ db: database.db, now, weights: weightRecord }), auth, deletions: createDeletionRequests(database.db), retention: retentionPeriods(config) });
      await shopApi.register(orderRoutes, { orders, pages: createOrderPages({ db: database.db, brandName: config.BRAND_NAME, prescribers: prescribingConfiguration(config).prescribers }), auth });
      const orderMessages = createOrderMessages({ db: database.db, notifier, answerOpenQuestion: answerOpenQuestionWith, placedOrder: placedOrderByNumber });
      await shopApi.register(orderMessageRoutes, { orderMessages, auth });
      await shopApi.register(weightRoutes, { weight: createWeightService({ db: database.db, now }), milestones: createMilestones({ db: database.db, now }), auth });
      const plans = createPlanService({
        db: database.db,
        planEvents,
        now,
        askClinician: (tx, { customerId, now: at }) => openUrgentItem(tx, { customerId, rules: [SIDE_EFFECTS_CALL_RULE], now: at }),
      });
      await shopApi.register(planRoutes, { plans, auth });
      const support = createSupportService({ db: database.db, notifier, sideEffects: sideEffectReportedWorkflow({ notifier, now }) });
      await shopApi.register(supportRoutes, { support, auth });
      await shopApi.register(companionRoutes, {
        injections: createInjectionService({ db: database.db, now }),
        diary: createDiaryService({ db: database.db, now, sideEffectLogged: sideEffectLoggedWorkflow({ notifier, now }) }),
        dosePlans: createDosePlans({ db: database.db, now }),
        afterStopping: createAfterStopping({ db: database.db, now, weightReminder: notifications.reminders, weightRecord }),
        auth,
      });
      await shopApi.register(referralRoutes, { db: database.db, referrals, auth });
      await shopApi.register(surveyRoutes, { survey: createSurveyService(database.db), auth });
      const scheduler = schedulerFor(config);
      const coaches = createCoachService({ db: database.db, notifier, scheduler, references: bookingReferences(secret), now, maxUpcomingCalls: config.COACH_MAX_UPCOMING_CALLS, taskBook });
      await shopApi.register(coachRoutes, { coaches, auth });
      if (scheduler.name === 'calendly') await shopApi.register(calendlyWebhookRoutes, { coaches, scheduler, now });
      // Video consultations with a prescriber: booked in the prescribers' own slots (the built-in scheduler), whatever
      // books the coaches' calls, since the call itself happens in the shop's pages.
      const videoConsultations = createVideoConsultations({ db: database.db, notifier, scheduler: builtInScheduler(), placedOrder: placedOrderByNumber, taskBook, now });
      const signalRooms = createSignalRooms(config.VIDEO_ICE_SERVERS);
      await shopApi.register(videoConsultationRoutes, { consultations: videoConsultations, rooms: signalRooms, auth });
      const billing = createBillingService({
        db: database.db,
        gateway,
        secret,
        limits: {
          failedPerHour: config.CHECKOUT_FAILED_ATTEMPTS_PER_HOUR,
          declines: cardDeclines,
          perAddress: limiters({ scope: 'card-check-address', limit: config.CARD_CHECK_RATE_LIMIT_PER_ADDRESS, windowMs: ONE_HOUR }),
          global: limiters({ scope: 'card-check-global', limit: config.CARD_CHECK_RATE_LIMIT_GLOBAL, windowMs: ONE_HOUR }),
        },
        log: app.log,
      });
      await shopApi.register(paymentRoutes, { payment, db: database.db, auth, brandName: config.BRAND_NAME, billing });
      await shopApi.register(paymentWebhookRoutes, { payment, onEvent: (event) => orders.paymentEvent(event) });
      const uploads = uploadsRepo(database.db);
      const store = fileStoreFor(config);
      await shopApi.register(uploadRoutes, {
        db: database.db,
        repo: uploads,
        taskBook,
        store,
        auth,
        maxBytes: config.UPLOAD_MAX_BYTES,
        limits: {
          perAccount: limiters({ scope: 'upload-account', limit: config.UPLOAD_RATE_LIMIT_PER_ACCOUNT, windowMs: ONE_HOUR }),
          perAddress: limiters({ scope: 'upload-address', limit: config.UPLOAD_RATE_LIMIT_PER_ADDRESS, windowMs: ONE_HOUR }),
        },
      });
      const staffAuth = createStaffAuth({
        db: database.db,
        secret,
        box: secretBox(totpKeyFrom(config.STAFF_TOTP_KEY, uploadEncryptionKey(config))),
        issuer: `${config.BRAND_NAME} Clinic`,
        secureCookies,
        limits: {
          perAddress: limiters({ scope: 'staff-sign-in-address', limit: config.AUTH_RATE_LIMIT_PER_ADDRESS, windowMs: FIFTEEN_MINUTES }),
          perAccount: limiters({ scope: 'staff-sign-in-account', limit: config.AUTH_RATE_LIMIT_PER_ACCOUNT, windowMs: FIFTEEN_MINUTES }),
        },
        pacing: signInPacing(database.db, { secret, limiters, now: clock }, 'staff-sign-in'),
      });
      const clinic = createClinicService({ db: database.db, support, prescribers: prescribingConfiguration(config).prescribers, now });
      await shopApi.register(notificationRoutes, { db: database.db, secret: notificationSecret(config), brandName: config.BRAND_NAME });
      await shopApi.register(reminderRoutes, { reminders: notifications.reminders, auth, db: database.db });
      await shopApi.register(pushRoutes, { push: notifications.push, auth });
      if (textMessagingMode(config) === 'twilio') {
        await shopApi.register(twilioRoutes, { db: database.db, authToken: config.TWILIO_AUTH_TOKEN!, publicBase: config.SITE_URL ?? `http://localhost:${config.PORT}` });
      }
      await jobs.prepare(storedCardDeletionsQueue);
      const deletions = createDeletionService({
        db: database.db,
        notifier,
        plans,
        forgetStoredCard: (tx, sourceId) => queueStoredCardDeletion(jobs, tx, sourceId),
        endBookingsOf: async (tx, customerId, at) => {
          await endCoachingOf(tx, notifier, customerId, at);
          await endVideoConsultationsOf(tx, notifier, customerId, at);
        },
        retention: retentionPeriods(config),
        now,
      });
      const stuckMessages = createStuckMessages({ db: database.db, jobs, audit, now });
      const urgent = createUrgentCareService({ db: database.db, planEvents, plans, now });
      // The clinic console: one staff wall, then each module's console routes behind it.
      await shopApi.register(async (consoleApi) => {
        guardStaffRoutes(consoleApi, (request) => staffAuth.current(request));
        await clinicRoutes(consoleApi, { db: database.db, staffAuth, clinic, decisions, plans, deletions, stuckMessages, failedWork: createFailedWork({ db: database.db, jobs }) });
        uploadConsoleRoutes(consoleApi, { db: database.db, uploads, store });
        urgentCareRoutes(consoleApi, urgent, staffMember);
        gpLetterConsoleRoutes(consoleApi, database.db, services.gpLetters, staffMember);
        videoConsultationConsoleRoutes(consoleApi, videoConsultations, signalRooms, staffMember);
        orderMessageConsoleRoutes(consoleApi, orderMessages, staffMember);
        dataExportConsoleRoutes(consoleApi, { exports: services.dataExports });
      });
      await shopApi.register(gpLetterRoutes, { gpLetters: services.gpLetters });
      await shopApi.register(dataExportRoutes, { exports: services.dataExports, signedInPatient: (request) => auth.customer(requireCustomer(request)) });
      await shopApi.register(whoPrescribesRoutes, { page: whoPrescribes(prescribingConfiguration(config)) });
    },
    { prefix: '/shop-api' },
  );

  // The sandbox stands for the payment provider, so it lives beside the shop's API rather than inside it.
  if (payment.sandbox) await app.register(sandboxGatewayRoutes, { sandbox: payment.sandbox, prefix: '/sandbox-gateway' });

  await registerPages(app, webRoot);
  return app;
}

async function registerPages(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const hasPages = webRoot !== null && existsSync(`${webRoot}/index.html`);
  if (hasPages) {
    void app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset; they go to browsers that accept them.
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite fingerprints everything under /assets, so those files never change under one name.
        // The service worker is looked for again at each visit, so a new build reaches installed apps at once.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : path.endsWith('/sw.js') ? 'no-cache' : 'public, max-age=300');
      },
    });
  }
  const pageHtml = webRoot !== null && hasPages ? pageHtmlFor(webRoot) : null;
  const renderer = webRoot !== null && hasPages ? await loadServerRenderer(webRoot, app.log) : null;
  if (pageHtml && renderer) await app.register(quizFormRoutes, { renderer, pageHtml });
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/shop-api') && pageHtml !== null;
    if (wantsPage && (request.headers.accept ?? '').includes('text/html')) {
      const pathname = request.url.split('?')[0]!;
      const rendered = renderer ? await renderedPage(app, request, reply, renderer) : null;
      // Rendered for this visitor (their consultation, their session): never kept by a shared cache.
      return sendPage(request, reply.header('cache-control', rendered ? 'private, no-cache' : 'no-cache'), pageHtml(pathname, rendered));
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `Nothing at ${request.method} ${request.url.split('?')[0]}` });
  });
}
