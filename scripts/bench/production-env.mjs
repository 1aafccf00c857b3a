import { randomBytes } from 'node:crypto';

/**
 * What a shop started with NODE_ENV=production needs to run on this machine without outside services: the
 * bench's and the cluster's shops. Fresh secrets each time; the sandbox gateway stands for the payment provider;
 * production names who prescribes and dispenses (no demo values there), so illustrative ones are given.
 */
export function productionShopEnv({ siteUrl, databaseUrl, smtpUrl, dataDir }) {
  return {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: smtpUrl,
    SITE_URL: siteUrl,
    UPLOAD_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    PRESCRIBERS: JSON.stringify([{ name: 'Dr Bench Example', profession: 'Doctor (GP)', body: 'GMC', number: '7000001' }]),
    PRESCRIBING_SERVICE_NAME: 'Bench Clinic',
    PRESCRIBING_SERVICE_ADDRESS: 'Bench Clinic, 1 Bench Street, Leeds, LS1 1AA',
    PHARMACY_NAME: 'Bench Pharmacy',
    PHARMACY_ADDRESS: 'Bench Pharmacy, 1 Bench Street, Leeds, LS1 1AA',
    PHARMACY_GPHC_NUMBER: '9000001',
    DATA_DIR: dataDir,
  };
}

/** Raised far above one visitor's limits: every simulated patient comes from this one address. */
export const ONE_ADDRESS_LIMITS = {
  CART_RATE_LIMIT_PER_ADDRESS: '100000',
  CART_RATE_LIMIT_GLOBAL: '100000',
  REGISTER_RATE_LIMIT_PER_ADDRESS: '100000',
  REGISTER_RATE_LIMIT_GLOBAL: '100000',
  AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
  UPLOAD_RATE_LIMIT_PER_ADDRESS: '100000',
};
