import { z } from 'zod';

/*
 * Web Push (RFC 8030, 8291, 8292): a device's subscription, as the browser's PushSubscription.toJSON() gives it, and the
 * words the app shows around the browser's permission prompt.
 */

/** base64url without padding (what browsers produce), or with it. */
const base64url = (bytes: number) => {
  const length = Math.ceil((bytes * 4) / 3);
  return z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), `must be ${bytes} bytes, base64url-encoded`);
};

/** https on any host, or http on this machine (a test's push service); the host is checked against the shop's list. */
const PUSH_ADDRESS = /^(https:\/\/[^\s/?#@]+|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?)\/\S*$/;

/** A push service's address for one device. */
export const pushEndpointSchema = z.string().max(2048).regex(PUSH_ADDRESS, 'must be the https address of a push service');

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  /** Browsers also send it; the shop does not use it (a gone subscription answers 404 or 410). */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The device's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The device's authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/** A device of the patient's that has app notifications on; `endpoint` lets a device find itself. */
export const pushDeviceSchema = z.object({ id: z.uuid(), endpoint: z.string(), createdAt: z.string() });
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** GET /shop-api/account/push: whether the shop sends app notifications, the key a device subscribes with, the devices. */
export const pushSettingsSchema = z.object({
  available: z.boolean(),
  /** The application server's VAPID public key (RFC 8292), base64url: the browser's applicationServerKey. */
  publicKey: z.string().nullable(),
  devices: z.array(pushDeviceSchema),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const PUSH_MESSAGES = {
  /** Before the browser asks: what the patient is agreeing to, and that nothing on the lock screen is about their health. */
  explanation:
    'We will send a notification to this device at your reminder time. It says only “Time to log your weight”: nothing about your treatment shows on your lock screen. Your browser will ask you to allow notifications next.',
  denied:
    'Notifications are blocked for this site in your browser. To get reminders on this device, allow notifications for this site in your browser’s settings, then try again. Or choose email, SMS or WhatsApp instead.',
  dismissed: 'Notifications are still off: your browser did not turn them on. Tap the button again when you want them.',
  unsupported: 'This browser cannot show app notifications. Add the app to your home screen, or choose email, SMS or WhatsApp instead.',
  noDevice: 'Turn on app notifications on this device first, or choose email, SMS or WhatsApp.',
  unavailable: 'App notifications are not available at the moment. Please choose email, SMS or WhatsApp.',
  taken: 'This device’s notifications belong to another account. Log out of that account on this device first.',
} as const;
