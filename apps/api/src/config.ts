import { z } from 'zod';
import {
  DEFAULT_RETENTION_PERIODS,
  DEMO_PRESCRIBERS,
  iceServerSchema,
  MAX_UPCOMING_COACH_CALLS,
  MAXIMUM_RETENTION_YEARS,
  MINIMUM_RETENTION_PERIODS,
  prescriberEntrySchema,
  type PrescribingConfiguration,
  type RetentionPeriods,
} from '@elmwood/domain';
import { isLoopbackHost } from './lib/loopback';
import { weakSecretReason } from './lib/secret-strength';
import { isAddressOrRange, parseTrustProxy } from './lib/trust-proxy';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An address written on one line, its lines separated by commas (as a letterhead prints it). */
const addressLines = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .transform((value) => value.split(',').map((line) => line.trim()).filter(Boolean))
    .pipe(z.array(z.string()).min(2, 'must give at least two address lines, separated by commas'))
    .optional(),
);

/** PRESCRIBERS: a JSON array of {name, profession, body: 'GPhC' | 'GMC', number, role?}. */
const prescriberList = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of prescribers' });
        return z.NEVER;
      }
    })
    .pipe(z.array(prescriberEntrySchema).min(1, 'must name at least one prescriber'))
    .optional(),
);

/** Whole years a deleted account's records are kept: never below the rule the shop cites for them (account/retention.ts). */
const retentionYears = (period: keyof RetentionPeriods, rule: string) =>
  z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int('must be a whole number of years')
      .min(MINIMUM_RETENTION_PERIODS[period], `must be at least ${MINIMUM_RETENTION_PERIODS[period]} (${rule})`)
      .max(MAXIMUM_RETENTION_YEARS, `must be at most ${MAXIMUM_RETENTION_YEARS}`)
      .default(DEFAULT_RETENTION_PERIODS[period]),
  );

/** The demo brand's prescribing service and pharmacy: illustrative, used only outside production. */
const DEMO_PRESCRIBING = {
  serviceName: 'Elmwood Health Clinic',
  serviceAddress: ['Elmwood Health Clinic', '10 Example Street', 'Leeds', 'LS1 1AA'],
  pharmacyName: 'Elmwood Health Pharmacy',
  pharmacyAddress: ['Elmwood Health Pharmacy', '10 Example Street', 'Leeds', 'LS1 1AA'],
  pharmacyGphcNumber: '9012345',
} as const;

/** What production must be told of who prescribes (GPhC inspection framework 2026): no demo values stand in. */
const PRESCRIBING_VARIABLES = ['PRESCRIBERS', 'PRESCRIBING_SERVICE_NAME', 'PRESCRIBING_SERVICE_ADDRESS', 'PHARMACY_NAME', 'PHARMACY_ADDRESS', 'PHARMACY_GPHC_NUMBER'] as const;

const envSchema = z
  .object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** This machine only by default: outside production the shop runs with its sandboxes (sign-in, mailbox) open. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Lets a development or test shop listen on a network address (a shared demo machine). */
  ALLOW_DEV_MODE_ON_NETWORK: z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false'))
    .transform((value) => value === 'true'),
  /** Proxies whose X-Forwarded-For is believed: unset trusts none; a hop count, or their addresses and CIDR ranges. */
  TRUST_PROXY: z.string().optional().transform((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }),
  /**
   * Who may read /metrics: addresses or CIDR ranges (comma-separated, as the client's address is seen after
   * TRUST_PROXY), and/or callers sending `Authorization: Bearer <METRICS_TOKEN>`. Neither set, /metrics does not exist.
   */
  METRICS_ALLOWED_ADDRESSES: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
      .refine((entries) => entries.every(isAddressOrRange), 'must be comma-separated addresses or CIDR ranges')
      .optional(),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .superRefine((token, ctx) => {
        const reason = weakSecretReason(token);
        if (reason) ctx.addIssue({ code: 'custom', message: reason });
      })
      .optional(),
  ),
  /** The OTLP/HTTP collector traces go to (read by OpenTelemetry itself); unset, no tracing code is even loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  BRAND_NAME: z.string().min(1).default('Elmwood Health'),
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(86400).default(60),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Signs the short-lived access tokens; every process of one shop must share it. */
  AUTH_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .superRefine((secret, ctx) => {
        const reason = weakSecretReason(secret);
        if (reason) ctx.addIssue({ code: 'custom', message: reason });
      })
      .optional(),
  ),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  /** A just-rotated refresh token still works this long, so two tabs refreshing at once do not end each other's session. */
  REFRESH_TOKEN_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** The shop's public address, for links in emails. */
  SITE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** smtp:// or smtps:// URL of the mail server; unset, mail is kept in the database (/dev/mailbox). */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
  MAIL_FROM: z.string().min(3).default('Elmwood Health <care@elmwood-health.example>'),
  /** Most referral credit one patient earns in a year, in pence (issue 19 abuse rules). */
  REFERRAL_CAP_PENCE: z.coerce.number().int().min(0).default(20000),
  /** The clinic's support inbox: told of every message a patient sends from /account/support. */
  SUPPORT_INBOX: z.email().default('support@elmwood-health.example'),
  /** Attempts per 15 minutes from one address, and against one account, for sign-in and password reset. */
  AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Discount codes tried in 15 minutes, from one network address and on one cart (guessing codes). */
  COUPON_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  COUPON_RATE_LIMIT_PER_CART: z.coerce.number().int().min(1).default(10),
  /** Discount codes tried in 15 minutes across the whole shop: the backstop against guessing from many addresses. */
  COUPON_RATE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(3000),
  /** Carts opened in 15 minutes from one network address, and across the whole shop. */
  CART_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  CART_RATE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(5000),
  /** Photos uploaded in an hour, by one patient and from one network address. */
  UPLOAD_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(30),
  UPLOAD_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  /** Analytics events stored in 15 minutes: from one network address, in one consultation session, across the shop. */
  ANALYTICS_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(600),
  ANALYTICS_RATE_LIMIT_PER_SESSION: z.coerce.number().int().min(1).default(300),
  ANALYTICS_RATE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(30000),
  /** Postcode searches (paid calls in production) in 15 minutes: from one address, by one patient or session, across the shop. */
  POSTCODE_LOOKUP_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  POSTCODE_LOOKUP_RATE_LIMIT_PER_SESSION: z.coerce.number().int().min(1).default(20),
  POSTCODE_LOOKUP_RATE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(3000),
  /** 'sandbox' (local addresses and the provider's test postcodes) or 'ideal-postcodes'. */
  POSTCODE_LOOKUP: z.enum(['sandbox', 'ideal-postcodes']).default('sandbox'),
  IDEAL_POSTCODES_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  IDEAL_POSTCODES_BASE_URL: z.url().default('https://api.ideal-postcodes.co.uk'),
  /** GP practice searches in 15 minutes: from one address, by one patient, across the shop (NHS ODS asks for under 5 a second). */
  GP_SEARCH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  GP_SEARCH_RATE_LIMIT_PER_PATIENT: z.coerce.number().int().min(1).default(30),
  GP_SEARCH_RATE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(3000),
  /** 'sandbox' (illustrative practices, never in production) or 'nhs-ods' (NHS ODS's ORD API); unset: sandbox, nhs-ods in production. */
  GP_PRACTICE_SEARCH: z.enum(['sandbox', 'nhs-ods']).optional(),
  NHS_ODS_BASE_URL: z.url().default('https://directory.spineservices.nhs.uk'),
  /** 'sandbox' (illustrative figures, never in production), 'trustpilot' or 'off'; unset: sandbox, off in production. */
  REVIEWS_PLATFORM: z.enum(['sandbox', 'trustpilot', 'off']).optional(),
  TRUSTPILOT_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  TRUSTPILOT_BUSINESS_UNIT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  TRUSTPILOT_BASE_URL: z.url().default('https://api.trustpilot.com'),
  /** Google and Apple sign-in: 'sandbox' (default outside production), 'live' (needs both client ids) or 'off'. */
  SOCIAL_SIGN_IN: z.enum(['sandbox', 'live', 'off']).optional(),
  /** Where encrypted uploads are kept (default DATA_DIR/uploads), and their AES-256 key as base64. */
  UPLOAD_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  UPLOAD_ENCRYPTION_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
      .optional(),
  ),
  /** Where the encrypted uploads are kept: 'disk' (UPLOAD_DIR, one machine) or 's3' (an S3-compatible bucket). */
  FILE_STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().min(3).max(63).optional()),
  /** An S3-compatible service's URL (e.g. MinIO); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_REGION: z.string().min(1).default('eu-west-2'),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(100_000).max(50_000_000).default(10_000_000),
  /** AES-256 key (base64) for staff TOTP secrets at rest; unset, one is derived from the upload key. */
  STAFF_TOTP_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
      .optional(),
  ),
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  APPLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** The card payment provider: 'sandbox' (test cards, state in the database) or 'checkout-com'. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'checkout-com']).default('sandbox'),
  /** Production refuses the sandbox gateway (it takes no money) unless this says so, e.g. for a staging shop. */
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  CHECKOUT_COM_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  CHECKOUT_COM_PUBLIC_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  CHECKOUT_COM_BASE_URL: z.url().default('https://api.checkout.com'),
  CHECKOUT_COM_PROCESSING_CHANNEL_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Signs the provider's webhooks (Cko-Signature). */
  CHECKOUT_COM_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** Apple Pay merchant id; with checkout-com also the merchant identity certificate and key (PEM files). */
  APPLE_PAY_MERCHANT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  APPLE_PAY_MERCHANT_CERT_FILE: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  APPLE_PAY_MERCHANT_KEY_FILE: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Google Pay merchant id (Google Pay business console); unset with checkout-com hides Google Pay. */
  GOOGLE_PAY_MERCHANT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Declined or abandoned payment attempts one patient may make in an hour before checkout refuses more (card testing). */
  CHECKOUT_FAILED_ATTEMPTS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  /** Declined checkouts from one network address in an hour before checkout refuses more; it slows down from half. */
  CHECKOUT_DECLINES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1000000).default(20),
  /** Declined checkouts with one card (the gateway's fingerprint), whoever pays with it, in an hour. */
  CHECKOUT_DECLINES_PER_CARD_PER_HOUR: z.coerce.number().int().min(1).max(1000000).default(6),
  /** Declined checkouts across the whole shop in an hour (an attack from many addresses); it slows down from half. */
  CHECKOUT_DECLINES_PER_HOUR: z.coerce.number().int().min(1).max(1000000).default(300),
  /** Declines a patient or a card may have in an hour before each further attempt waits (15 seconds, doubling to 5 minutes). */
  CHECKOUT_DECLINES_BEFORE_SLOWDOWN: z.coerce.number().int().min(0).max(1000000).default(3),
  /**
   * Browser tests only: POST /dev/clock moves this process's clock (and its jobs') to a given instant, so a reminder
   * due next Tuesday can be seen going out. Refused in production.
   */
  TEST_CLOCK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * SMS and WhatsApp: the sandbox keeps messages for /dev/mailbox (the default outside production); twilio sends them
   * (the default in production when TWILIO_* are set); off offers email reminders only.
   */
  TEXT_MESSAGING: z.enum(['sandbox', 'twilio', 'off']).optional(),
  /**
   * App notifications (Web Push): 'sandbox' checks and keeps each message for /dev/mailbox (the default outside
   * production), 'live' sends to the browsers' push services (the default in production with VAPID keys), 'off'.
   */
  WEB_PUSH: z.enum(['sandbox', 'live', 'off']).optional(),
  /**
   * The shop's VAPID key pair (RFC 8292), base64url: the uncompressed P-256 public key and the 32-byte private key.
   * Unset outside production, a pair is made once and kept in DATA_DIR (never logged, never in the repository).
   */
  VAPID_PUBLIC_KEY: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key (65 bytes), base64url').optional()),
  VAPID_PRIVATE_KEY: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key (32 bytes), base64url').optional()),
  /** Who push services may contact about the shop's messages: mailto: or https:; unset, the support inbox. */
  VAPID_SUBJECT: z.preprocess(emptyAsUndefined, z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address').optional()),
  /** The push services' hosts the shop posts to ('*.' for subdomains), comma-separated; unset, the browsers' own. */
  PUSH_SERVICE_HOSTS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((value) => value.split(',').map((host) => host.trim()).filter(Boolean))
      .optional(),
  ),
  /** Where coach calls are booked: the shop's own scheduler (default) or the coaches' Calendly pages. */
  SCHEDULER: z.enum(['built-in', 'calendly']).default('built-in'),
  /** The signing key of the Calendly webhook subscription (invitee.created, invitee.canceled). */
  CALENDLY_WEBHOOK_SIGNING_KEY: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /**
   * STUN and TURN servers the browsers of a video consultation use, as a JSON array of RTCIceServer
   * ([{"urls":"turn:turn.example:3478","username":"…","credential":"…"}]); none by default (one machine, one network).
   */
  VIDEO_ICE_SERVERS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('[]')
      .transform((value, ctx) => {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array of ICE servers' });
          return z.NEVER;
        }
      })
      .pipe(z.array(iceServerSchema)),
  ),
  /** Coach calls one patient may have booked ahead at once (each sends emails and holds a coach's time). */
  COACH_MAX_UPCOMING_CALLS: z.coerce.number().int().min(1).max(20).default(MAX_UPCOMING_COACH_CALLS),
  TWILIO_ACCOUNT_SID: z.preprocess(emptyAsUndefined, z.string().regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account SID (AC followed by 32 hex digits)').optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /** The sender: an SMS-capable number or Messaging Service SID (MG…), and the WhatsApp-enabled number. */
  TWILIO_SMS_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  TWILIO_WHATSAPP_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  /** Twilio's API host (a regional edge such as https://api.dublin.ie1.twilio.com, or recorded replies in tests). */
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /** After the last treatment: a deleted account's consultations, clinical record and the prescriptions in it. */
  RETENTION_CLINICAL_YEARS: retentionYears('clinicalYears', 'NHS Records Management Code of Practice 2023: adult health records, 8 years after treatment'),
  /** After each payment: a deleted account's orders and payments (6 years from the end of the financial year). */
  RETENTION_FINANCIAL_YEARS: retentionYears('financialYears', 'HMRC: 6 years from the end of the financial year, up to 7 from the payment'),
  /** Whether this API process also works the job queue; false when separate workers (npm run worker) do. */
  RUN_JOBS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Cards checked (saved from the account area) in an hour from one network address, and across the shop. */
  CARD_CHECK_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  CARD_CHECK_RATE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(300),
  /**
   * Accounts opened (sign-up, Google and Apple) in an hour from one browser (its device cookie), from one network
   * address, and across the shop. The address's ceiling is much higher: a mobile network puts many people behind one.
   */
  REGISTER_RATE_LIMIT_PER_DEVICE: z.coerce.number().int().min(1).default(3),
  REGISTER_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  REGISTER_RATE_LIMIT_GLOBAL: z.coerce.number().int().min(1).default(500),
  /** Sign-up emails (codes, and 'someone tried' to an account's owner) one email address may be sent in an hour. */
  REGISTER_EMAILS_PER_ADDRESS: z.coerce.number().int().min(1).default(5),
  PAYPAL_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Who prescribes (the public page, the GP letters, the receipt): each prescriber with their registration. */
  PRESCRIBERS: prescriberList,
  PRESCRIBING_SERVICE_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  PRESCRIBING_SERVICE_ADDRESS: addressLines,
  PHARMACY_NAME: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  PHARMACY_ADDRESS: addressLines,
  /** The registered pharmacy's GPhC number (seven digits). */
  PHARMACY_GPHC_NUMBER: z.preprocess(emptyAsUndefined, z.string().regex(/^\d{7}$/, 'must be the seven-digit GPhC registration number').optional()),
  /** How a GP or patient reaches the prescribers: on the GP letter. */
  PRESCRIBER_EMAIL: z.email().default('prescribers@elmwood-health.example'),
  CLINIC_PHONE: z.string().min(3).default('020 7946 0000'),
})
  .refine((env) => env.NODE_ENV === 'production' || env.ALLOW_DEV_MODE_ON_NETWORK || isLoopbackHost(env.HOST), {
    path: ['HOST'],
    message:
      'must be a loopback address (127.0.0.1, ::1, localhost) outside production: development mode signs anyone in through the sandbox and shows every email at /dev/mailbox; set ALLOW_DEV_MODE_ON_NETWORK=true to open it to the network anyway',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.AUTH_SECRET !== undefined, {
    path: ['AUTH_SECRET'],
    message: 'is required in production (at least 32 random characters)',
  })
  // Without a mail server, production mail (reset links among it) would pile up unsent in the database.
  .refine((env) => env.NODE_ENV !== 'production' || env.SMTP_URL !== undefined, {
    path: ['SMTP_URL'],
    message: 'is required in production (smtp:// or smtps:// URL of the mail server)',
  })
  .refine((env) => env.SCHEDULER !== 'calendly' || env.CALENDLY_WEBHOOK_SIGNING_KEY !== undefined, {
    path: ['CALENDLY_WEBHOOK_SIGNING_KEY'],
    message: 'CALENDLY_WEBHOOK_SIGNING_KEY is required when SCHEDULER is calendly',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.SITE_URL !== undefined, {
    path: ['SITE_URL'],
    message: "is required in production (the shop's public https:// address, for links in emails)",
  })
  .refine((env) => env.POSTCODE_LOOKUP !== 'ideal-postcodes' || env.IDEAL_POSTCODES_API_KEY !== undefined, {
    path: ['IDEAL_POSTCODES_API_KEY'],
    message: 'is required when POSTCODE_LOOKUP is ideal-postcodes',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.UPLOAD_ENCRYPTION_KEY !== undefined, {
    path: ['UPLOAD_ENCRYPTION_KEY'],
    message: 'is required in production (32 random bytes, base64-encoded)',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.TEST_CLOCK), {
    path: ['TEST_CLOCK'],
    message: 'cannot be true in production: it lets anyone move the clock that decides when messages and jobs run',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.TEXT_MESSAGING === 'sandbox'), {
    path: ['TEXT_MESSAGING'],
    message: 'cannot be sandbox in production: patients would get no SMS or WhatsApp messages',
  })
  .refine((env) => env.TEXT_MESSAGING !== 'twilio' || (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_SMS_FROM && env.TWILIO_WHATSAPP_FROM), {
    path: ['TWILIO_ACCOUNT_SID'],
    message: 'TWILIO_AUTH_TOKEN, TWILIO_SMS_FROM and TWILIO_WHATSAPP_FROM are required when TEXT_MESSAGING is twilio',
  })
  .refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
    path: ['VAPID_PRIVATE_KEY'],
    message: 'and VAPID_PUBLIC_KEY go together: set both, or neither',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.WEB_PUSH === 'sandbox'), {
    path: ['WEB_PUSH'],
    message: 'cannot be sandbox in production: patients would get no app notifications',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.WEB_PUSH === 'live' && env.VAPID_PRIVATE_KEY === undefined), {
    path: ['VAPID_PRIVATE_KEY'],
    message: 'and VAPID_PUBLIC_KEY are required in production when WEB_PUSH is live',
  })
  .refine((env) => env.RUN_JOBS || env.DATABASE_URL !== undefined, {
    path: ['RUN_JOBS'],
    message: 'can be false only with DATABASE_URL: the embedded database opens in one process, so no worker could run the jobs',
  })
  .refine((env) => env.FILE_STORAGE !== 's3' || env.S3_BUCKET !== undefined, {
    path: ['S3_BUCKET'],
    message: 'is required when FILE_STORAGE is s3',
  })
  .refine((env) => env.REVIEWS_PLATFORM !== 'trustpilot' || (env.TRUSTPILOT_API_KEY && env.TRUSTPILOT_BUSINESS_UNIT_ID), {
    path: ['TRUSTPILOT_API_KEY'],
    message: 'and TRUSTPILOT_BUSINESS_UNIT_ID are required when REVIEWS_PLATFORM is trustpilot',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.REVIEWS_PLATFORM === 'sandbox'), {
    path: ['REVIEWS_PLATFORM'],
    message: 'cannot be sandbox in production: its review figures are illustrative, and made-up reviews mislead patients',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.GP_PRACTICE_SEARCH === 'sandbox'), {
    path: ['GP_PRACTICE_SEARCH'],
    message: "cannot be sandbox in production: its practices are illustrative, and a patient's GP must be a real one",
  })
  .refine((env) => env.SOCIAL_SIGN_IN !== 'live' || (env.GOOGLE_CLIENT_ID && env.APPLE_CLIENT_ID), {
    path: ['GOOGLE_CLIENT_ID'],
    message: 'and APPLE_CLIENT_ID are required when SOCIAL_SIGN_IN is live',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.SOCIAL_SIGN_IN === 'sandbox'), {
    path: ['SOCIAL_SIGN_IN'],
    message: 'cannot be sandbox in production: the sandbox signs anyone in',
  })
  .refine((env) => env.PAYMENT_GATEWAY !== 'checkout-com' || (env.CHECKOUT_COM_SECRET_KEY && env.CHECKOUT_COM_PUBLIC_KEY), {
    path: ['CHECKOUT_COM_SECRET_KEY'],
    message: 'and CHECKOUT_COM_PUBLIC_KEY are required when PAYMENT_GATEWAY is checkout-com',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.PAYMENT_GATEWAY === 'sandbox' && !env.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION), {
    path: ['PAYMENT_GATEWAY'],
    message: 'cannot be sandbox in production (it takes no money) unless ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true',
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const name of PRESCRIBING_VARIABLES) {
      if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: "is required in production: the site must say who prescribes (GPhC inspection framework 2026)" });
    }
  })
  .transform((env) => ({
    ...env,
    SOCIAL_SIGN_IN: env.SOCIAL_SIGN_IN ?? (env.NODE_ENV === 'production' ? 'off' : 'sandbox'),
    REVIEWS_PLATFORM: env.REVIEWS_PLATFORM ?? (env.NODE_ENV === 'production' ? 'off' : 'sandbox'),
    GP_PRACTICE_SEARCH: env.GP_PRACTICE_SEARCH ?? (env.NODE_ENV === 'production' ? 'nhs-ods' : 'sandbox'),
    WEB_PUSH: env.WEB_PUSH ?? (env.NODE_ENV !== 'production' ? 'sandbox' : env.VAPID_PRIVATE_KEY ? 'live' : 'off'),
  }));

export type Config = z.infer<typeof envSchema>;

/** Who prescribes, from configuration; outside production the demo brand's illustrative values fill any gap. */
export function prescribingConfiguration(config: Config): PrescribingConfiguration {
  return {
    prescribers: config.PRESCRIBERS ?? DEMO_PRESCRIBERS,
    serviceName: config.PRESCRIBING_SERVICE_NAME ?? DEMO_PRESCRIBING.serviceName,
    serviceAddress: config.PRESCRIBING_SERVICE_ADDRESS ?? DEMO_PRESCRIBING.serviceAddress,
    pharmacyName: config.PHARMACY_NAME ?? DEMO_PRESCRIBING.pharmacyName,
    pharmacyAddress: config.PHARMACY_ADDRESS ?? DEMO_PRESCRIBING.pharmacyAddress,
    pharmacyGphcNumber: config.PHARMACY_GPHC_NUMBER ?? DEMO_PRESCRIBING.pharmacyGphcNumber,
  };
}

/** How long a deleted account's kept records stay, from configuration. */
export function retentionPeriods(config: Config): RetentionPeriods {
  return { clinicalYears: config.RETENTION_CLINICAL_YEARS, financialYears: config.RETENTION_FINANCIAL_YEARS };
}

export class ConfigError extends Error {}

/** Reads and validates the environment; the first bad variable becomes a one-line message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = issue.path.join('.');
  throw new ConfigError(`Invalid environment variable ${name}: ${issue.message}`);
}
