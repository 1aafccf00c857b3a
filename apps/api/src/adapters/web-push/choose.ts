import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { livePushService } from './live';
import type { PushService } from './port';
import { KNOWN_PUSH_SERVICES } from './request';
import { sandboxPushService } from './sandbox';
import { generateVapidKeys, vapidKeysFrom, type VapidKeys } from './vapid';

const DEVELOPMENT_KEYS_FILE = 'vapid-keys.json';

/**
 * The shop's VAPID keys: from configuration, or outside production a pair made once and kept in DATA_DIR (readable by
 * this user only), so devices subscribed in a demo keep working after a restart. Never logged.
 */
function vapidKeys(config: Config): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_INBOX}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return vapidKeysFrom(config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY, subject);
  if (config.NODE_ENV === 'production') throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required for app notifications in production');
  const path = join(config.DATA_DIR, DEVELOPMENT_KEYS_FILE);
  const read = () => {
    const kept = JSON.parse(readFileSync(path, 'utf8')) as { publicKey: string; privateKey: string };
    return vapidKeysFrom(kept.publicKey, kept.privateKey, subject);
  };
  try {
    return read();
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      writeFileSync(path, JSON.stringify(generateVapidKeys()), { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process made them first: use theirs.
    }
    return read();
  }
}

export interface AppNotifications {
  service: PushService;
  /** The public key devices subscribe with (the browser's applicationServerKey). */
  publicKey: string;
  /** The push services' hosts a subscription may be at. */
  allowedHosts: readonly string[];
}

/** App notifications as configured (WEB_PUSH), or null where the shop sends none. */
export function appNotificationsFor(config: Config, db: Db, now: () => Date): AppNotifications | null {
  if (config.WEB_PUSH === 'off') return null;
  const keys = vapidKeys(config);
  const allowedHosts = config.PUSH_SERVICE_HOSTS ?? KNOWN_PUSH_SERVICES;
  const service = config.WEB_PUSH === 'live' ? livePushService({ keys, allowedHosts, now }) : sandboxPushService({ db, keys, now });
  return { service, publicKey: keys.publicKey, allowedHosts };
}
