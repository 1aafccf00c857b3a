import { describe, expect, it } from 'vitest';
import { DEMO_MEDICAL_DIRECTOR } from '@elmwood/domain';
import { ConfigError, loadConfig, prescribingConfiguration, retentionPeriods } from './config';

const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'q7Vd2LkP9sXw4RtB8nZc3HjF6mYe1GaU',
  SMTP_URL: 'smtp://mail.internal:587',
  SITE_URL: 'https://shop.example',
  UPLOAD_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  PRESCRIBERS: JSON.stringify([{ name: 'Dr Ana Patel', profession: 'Doctor (GP)', body: 'GMC', number: '7012345', role: 'Medical director' }]),
  PRESCRIBING_SERVICE_NAME: 'Example Clinic',
  PRESCRIBING_SERVICE_ADDRESS: 'Example Clinic, 1 Test Street, Leeds, LS1 1AA',
  PHARMACY_NAME: 'Example Pharmacy',
  PHARMACY_ADDRESS: 'Example Pharmacy, 1 Test Street, Leeds, LS1 1AA',
  PHARMACY_GPHC_NUMBER: '9011111',
};
const PRESCRIBING = Object.fromEntries(Object.entries(production).filter(([name]) => /^(PRESCRIB|PHARMACY)/.test(name)));

describe('loadConfig', () => {
  it('has working defaults: port 3000 on the embedded database', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./.data');
  });

  it('reads PORT and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://localhost/shop' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://localhost/shop');
  });

  it('requires a long AUTH_SECRET in production, and checks SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Invalid environment variable AUTH_SECRET: is required in production (at least 32 random characters)',
    );
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow('Invalid environment variable AUTH_SECRET: must be at least 32 characters');
    expect(() => loadConfig({ ...production, AUTH_SECRET: 'a'.repeat(32) })).toThrow(/^Invalid environment variable AUTH_SECRET: looks guessable/);
    expect(() => loadConfig({ AUTH_SECRET: 'elmwood-'.repeat(5) })).toThrow(/^Invalid environment variable AUTH_SECRET: looks guessable/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow('Invalid environment variable SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(loadConfig(production).AUTH_SECRET).toHaveLength(32);
    expect(() => loadConfig({ ...production, UPLOAD_ENCRYPTION_KEY: undefined })).toThrow(
      'Invalid environment variable UPLOAD_ENCRYPTION_KEY: is required in production (32 random bytes, base64-encoded)',
    );
  });

  it('defaults social sign-in to the sandbox, but never the sandbox in production', () => {
    expect(loadConfig({}).SOCIAL_SIGN_IN).toBe('sandbox');
    expect(loadConfig(production).SOCIAL_SIGN_IN).toBe('off');
    expect(() => loadConfig({ ...production, SOCIAL_SIGN_IN: 'sandbox' })).toThrow(
      'Invalid environment variable SOCIAL_SIGN_IN: cannot be sandbox in production: the sandbox signs anyone in',
    );
    expect(() => loadConfig({ SOCIAL_SIGN_IN: 'live', GOOGLE_CLIENT_ID: 'g' })).toThrow('GOOGLE_CLIENT_ID');
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('stops with one line naming the bad variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(new RegExp(`^Invalid environment variable ${name}: `));
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('picks the sandbox payment gateway by default, never silently in production, and needs Checkout.com keys', () => {
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe('sandbox');
    expect(() => loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: undefined })).toThrow(
      'Invalid environment variable PAYMENT_GATEWAY: cannot be sandbox in production (it takes no money) unless ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true',
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'checkout-com', CHECKOUT_COM_SECRET_KEY: 'sk_x' })).toThrow(
      'Invalid environment variable CHECKOUT_COM_SECRET_KEY: and CHECKOUT_COM_PUBLIC_KEY are required when PAYMENT_GATEWAY is checkout-com',
    );
    const live = loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: undefined, PAYMENT_GATEWAY: 'checkout-com', CHECKOUT_COM_SECRET_KEY: 'sk_x', CHECKOUT_COM_PUBLIC_KEY: 'pk_x' });
    expect(live.PAYMENT_GATEWAY).toBe('checkout-com');
  });

  it('keeps uploads on disk and runs jobs in the API process by default; S3 needs a bucket', () => {
    expect(loadConfig({})).toMatchObject({ FILE_STORAGE: 'disk', RUN_JOBS: true, S3_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: false });
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow('Invalid environment variable S3_BUCKET: is required when FILE_STORAGE is s3');
    expect(() => loadConfig({ FILE_STORAGE: 'ftp' })).toThrow(/^Invalid environment variable FILE_STORAGE: /);
    expect(() => loadConfig({ RUN_JOBS: 'yes' })).toThrow(/^Invalid environment variable RUN_JOBS: /);
    expect(() => loadConfig({ RUN_JOBS: 'false' })).toThrow('Invalid environment variable RUN_JOBS: can be false only with DATABASE_URL');
    expect(loadConfig({ RUN_JOBS: 'false', DATABASE_URL: 'postgres://localhost/shop' }).RUN_JOBS).toBe(false);
    expect(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      FILE_STORAGE: 's3',
      S3_BUCKET: 'photos',
      S3_FORCE_PATH_STYLE: true,
    });
  });

  it('opens /metrics to nobody by default, in production too, and to no weak token or bad range', () => {
    for (const env of [{}, production]) {
      const config = loadConfig(env);
      expect(config.METRICS_ALLOWED_ADDRESSES).toBeUndefined();
      expect(config.METRICS_TOKEN).toBeUndefined();
    }
    expect(loadConfig({ METRICS_ALLOWED_ADDRESSES: '10.0.0.0/8, 192.0.2.7,loopback' }).METRICS_ALLOWED_ADDRESSES).toEqual(['10.0.0.0/8', '192.0.2.7', 'loopback']);
    expect(() => loadConfig({ METRICS_ALLOWED_ADDRESSES: '10.0.0.0/8,prometheus.internal' })).toThrow(/^Invalid environment variable METRICS_ALLOWED_ADDRESSES: /);
    expect(() => loadConfig({ METRICS_ALLOWED_ADDRESSES: '10.0.0.0/33' })).toThrow(/^Invalid environment variable METRICS_ALLOWED_ADDRESSES: /);
    expect(() => loadConfig({ METRICS_TOKEN: 'metrics' })).toThrow(/^Invalid environment variable METRICS_TOKEN: /);
    expect(() => loadConfig({ METRICS_TOKEN: 'x'.repeat(40) })).toThrow(/^Invalid environment variable METRICS_TOKEN: /);
    expect(loadConfig({ METRICS_TOKEN: 'mT4c9Qx2Lw7Rz5Vb8Nk3Hy6Fp1Gd0SjE8aW' }).METRICS_TOKEN).toBe('mT4c9Qx2Lw7Rz5Vb8Nk3Hy6Fp1Gd0SjE8aW');
  });

  it('takes an http(s) OTLP endpoint or none', () => {
    expect(loadConfig({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://collector:4318');
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/^Invalid environment variable OTEL_EXPORTER_OTLP_ENDPOINT: /);
  });

  it('trusts no proxy unless TRUST_PROXY names them, and never every client', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,172.16.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '172.16.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/^Invalid environment variable TRUST_PROXY: cannot be true/);
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
  });

  it('listens on this machine only unless HOST says otherwise, and keeps development mode off the network', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '::1' }).HOST).toBe('::1');
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/^Invalid environment variable HOST: must be a loopback address .*ALLOW_DEV_MODE_ON_NETWORK=true/);
    expect(() => loadConfig({ NODE_ENV: 'test', HOST: '192.168.1.20' })).toThrow(/^Invalid environment variable HOST: /);
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_DEV_MODE_ON_NETWORK: 'true' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('requires a mail server and the public address in production', () => {
    expect(() => loadConfig({ ...production, SMTP_URL: undefined })).toThrow(
      'Invalid environment variable SMTP_URL: is required in production (smtp:// or smtps:// URL of the mail server)',
    );
    expect(() => loadConfig({ ...production, SITE_URL: '' })).toThrow(
      "Invalid environment variable SITE_URL: is required in production (the shop's public https:// address, for links in emails)",
    );
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
  });
});

describe('notifications settings', () => {
  it('refuses the test clock and the SMS sandbox in production, and needs every Twilio setting for Twilio', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'q7Vd2LkP9sXw4RtB8nZc3HjF6mYe1GaU', SMTP_URL: 'smtp://127.0.0.1:9', SITE_URL: 'https://shop.example', UPLOAD_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'), ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true', ...PRESCRIBING };
    expect(loadConfig(production).TEST_CLOCK).toBe(false);
    expect(() => loadConfig({ ...production, TEST_CLOCK: 'true' })).toThrow(
      'Invalid environment variable TEST_CLOCK: cannot be true in production: it lets anyone move the clock that decides when messages and jobs run',
    );
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'true' }).TEST_CLOCK).toBe(true);
    expect(() => loadConfig({ ...production, TEXT_MESSAGING: 'sandbox' })).toThrow('Invalid environment variable TEXT_MESSAGING: cannot be sandbox in production');
    expect(() => loadConfig({ NODE_ENV: 'test', TEXT_MESSAGING: 'twilio', TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}` })).toThrow(/TWILIO_ACCOUNT_SID: TWILIO_AUTH_TOKEN, TWILIO_SMS_FROM and TWILIO_WHATSAPP_FROM are required/);
  });
});

describe('GP practice search', () => {
  it('searches the sandbox outside production and NHS ODS in production, which refuses the sandbox', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'q7Vd2LkP9sXw4RtB8nZc3HjF6mYe1GaU', SMTP_URL: 'smtp://127.0.0.1:9', SITE_URL: 'https://shop.example', UPLOAD_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'), ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true', ...PRESCRIBING };
    expect(loadConfig({ NODE_ENV: 'test' }).GP_PRACTICE_SEARCH).toBe('sandbox');
    expect(loadConfig(production).GP_PRACTICE_SEARCH).toBe('nhs-ods');
    expect(() => loadConfig({ ...production, GP_PRACTICE_SEARCH: 'sandbox' })).toThrow('Invalid environment variable GP_PRACTICE_SEARCH: cannot be sandbox in production');
  });
});

describe('who prescribes', () => {
  it('fills in the demo brand outside production, and requires each value in production', () => {
    const demo = prescribingConfiguration(loadConfig({}));
    expect(demo.prescribers.map((entry) => entry.name)).toContain(DEMO_MEDICAL_DIRECTOR.name);
    expect(prescribingConfiguration(loadConfig(production))).toMatchObject({
      prescribers: [{ name: 'Dr Ana Patel', body: 'GMC', number: '7012345', role: 'Medical director' }],
      serviceAddress: ['Example Clinic', '1 Test Street', 'Leeds', 'LS1 1AA'],
      pharmacyGphcNumber: '9011111',
    });
    for (const name of Object.keys(PRESCRIBING)) {
      expect(() => loadConfig({ ...production, [name]: undefined })).toThrow(`Invalid environment variable ${name}: is required in production`);
    }
  });

  it('refuses a prescriber list that is not one', () => {
    expect(() => loadConfig({ PRESCRIBERS: 'Dr Who' })).toThrow('Invalid environment variable PRESCRIBERS: must be a JSON array of prescribers');
    expect(() => loadConfig({ PRESCRIBERS: JSON.stringify([{ name: 'Dr A', profession: 'Doctor', body: 'GMC', number: '123' }]) })).toThrow(/PRESCRIBERS\.0\.number: must be a seven-digit registration number/);
    expect(() => loadConfig({ PHARMACY_GPHC_NUMBER: '12' })).toThrow('Invalid environment variable PHARMACY_GPHC_NUMBER: must be the seven-digit GPhC registration number');
  });
});

describe('how long a deleted account keeps its records', () => {
  it('keeps the clinical record 8 years and the accounts 7 by default, longer when told, never shorter than the rules', () => {
    expect(retentionPeriods(loadConfig({}))).toEqual({ clinicalYears: 8, financialYears: 7 });
    expect(retentionPeriods(loadConfig({ RETENTION_CLINICAL_YEARS: '10', RETENTION_FINANCIAL_YEARS: '' }))).toEqual({ clinicalYears: 10, financialYears: 7 });
    expect(() => loadConfig({ RETENTION_CLINICAL_YEARS: '2' })).toThrow(
      'Invalid environment variable RETENTION_CLINICAL_YEARS: must be at least 8 (NHS Records Management Code of Practice 2023: adult health records, 8 years after treatment)',
    );
    expect(() => loadConfig({ RETENTION_FINANCIAL_YEARS: '6' })).toThrow('Invalid environment variable RETENTION_FINANCIAL_YEARS: must be at least 7');
    expect(() => loadConfig({ RETENTION_FINANCIAL_YEARS: '7.5' })).toThrow('Invalid environment variable RETENTION_FINANCIAL_YEARS: must be a whole number of years');
    expect(() => loadConfig({ RETENTION_CLINICAL_YEARS: '80' })).toThrow('Invalid environment variable RETENTION_CLINICAL_YEARS: must be at most 30');
    expect(() => loadConfig({ RETENTION_CLINICAL_YEARS: 'ten' })).toThrow(/^Invalid environment variable RETENTION_CLINICAL_YEARS: /);
  });
});
