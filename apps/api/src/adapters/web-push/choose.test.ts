import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { appNotificationsFor } from './choose';
import { generateVapidKeys } from './vapid';

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
const noDb = {} as Db;

describe('app notifications as configured', () => {
  it('outside production: the sandbox, with a key pair made once in DATA_DIR (this user only) and the same after a restart', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'elmwood-vapid-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.WEB_PUSH).toBe('sandbox');
    const first = appNotificationsFor(config, noDb, () => new Date())!;
    expect(first.service.name).toBe('sandbox');
    const kept = JSON.parse(readFileSync(join(dataDir, 'vapid-keys.json'), 'utf8'));
    expect(kept.publicKey).toBe(first.publicKey);
    expect(statSync(join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(appNotificationsFor(config, noDb, () => new Date())!.publicKey).toBe(first.publicKey);
  });

  it('in production: live with the configured keys, off without them; a lone key, a mismatched pair or the sandbox is refused', () => {
    const keys = generateVapidKeys();
    const live = loadConfig({ ...production, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    expect(live.WEB_PUSH).toBe('live');
    const push = appNotificationsFor(live, noDb, () => new Date())!;
    expect(push).toMatchObject({ publicKey: keys.publicKey, service: { name: 'live' } });
    expect(loadConfig(production).WEB_PUSH).toBe('off');
    expect(appNotificationsFor(loadConfig(production), noDb, () => new Date())).toBeNull();
    expect(() => loadConfig({ ...production, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...production, WEB_PUSH: 'live' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...production, WEB_PUSH: 'sandbox' })).toThrow(/WEB_PUSH/);
    const mismatched = loadConfig({ ...production, VAPID_PUBLIC_KEY: generateVapidKeys().publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    expect(() => appNotificationsFor(mismatched, noDb, () => new Date())).toThrow(/not the public key/);
  });
});
