import { and, eq } from 'drizzle-orm';
import { PUSH_MESSAGES, type PushDevice, type PushSettings, type PushSubscriptionBody } from '@elmwood/domain';
import { createECDH } from 'node:crypto';
import type { AppNotifications } from '../../adapters/web-push/choose';
import { PushError } from '../../adapters/web-push/port';
import { isKnownPushService } from '../../adapters/web-push/request';
import type { Db } from '../../db/client';
import { pushSends, pushSubscriptions, type notifications } from '../../db/schema/notifications';
import { AppError, notFound } from '../../lib/errors';
import { turnChannelOn } from './preferences';

type Row = typeof notifications.$inferSelect;

/** The page a notification opens, by template; the account home for any other. */
const PAGES: Record<string, string> = {
  'weight-reminder': '/account/progress?log=weight',
  // The injection day's reminder and the nudge after it open the page where the dose is logged.
  'injection-reminder': '/account/injections',
  'injection-nudge': '/account/injections',
};
/** How long a push service keeps a reminder for a device that is off: a weigh-in reminder a day late helps nobody. */
const TTL_SECONDS = 6 * 60 * 60;

/** What the service worker shows (and the lock screen): the message's subject and preview line, never health details. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path in the shop, opened when the notification is tapped. */
  url: string;
  /** One notification per message: a repeat replaces it on the device rather than showing twice. */
  tag: string;
}

export const NOT_A_PUSH_SERVICE = 'This address is not one of the push services the shop sends to.';
export const NOT_A_DEVICE_KEY = 'These keys are not a device’s push keys.';

/** Whether the device's public key is a point on P-256 (a browser's always is; anything else cannot be encrypted to). */
function isDeviceKey(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

const toDevice = (row: typeof pushSubscriptions.$inferSelect): PushDevice => ({ id: row.id, endpoint: row.endpoint, createdAt: row.createdAt.toISOString() });

/**
 * App notifications (Web Push) as a channel of the notifications module: the patient's devices, and a message handed to
 * each of them once. A message's row is claimed once by the outbox (service.ts deliver); within it, each device that
 * took the message is recorded, so a retry after one push service failed goes to the others only.
 */
export function createPushChannel({ db, push }: { db: Db; push: AppNotifications | null }) {
  async function devices(customerId: number) {
    return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.customerId, customerId)).orderBy(pushSubscriptions.createdAt);
  }

  return {
    available: push !== null,

    async settings(customerId: number): Promise<PushSettings> {
      return { available: push !== null, publicKey: push?.publicKey ?? null, devices: (await devices(customerId)).map(toDevice) };
    },

    async hasDevice(customerId: number): Promise<boolean> {
      return (await devices(customerId)).length > 0;
    },

    /**
     * Records this device for the patient (turning app notifications on is consent to them). A device already recorded
     * answers as it is. The address is the device's: when another account subscribed on it with the same keys (it
     * logged out without the app saying so), the device moves to this patient, and that account's messages stop going to it.
     */
    async subscribe(customerId: number, body: PushSubscriptionBody): Promise<{ device: PushDevice; created: boolean }> {
      if (!push) throw new AppError(422, 'PUSH_UNAVAILABLE', PUSH_MESSAGES.unavailable);
      if (!isKnownPushService(body.endpoint, push.allowedHosts)) throw new AppError(422, 'NOT_A_PUSH_SERVICE', NOT_A_PUSH_SERVICE, { issues: [{ field: 'endpoint', message: NOT_A_PUSH_SERVICE }] });
      if (!isDeviceKey(body.keys.p256dh)) throw new AppError(422, 'NOT_A_DEVICE_KEY', NOT_A_DEVICE_KEY, { issues: [{ field: 'keys.p256dh', message: NOT_A_DEVICE_KEY }] });
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint)).for('update');
        let row = existing;
        let created = false;
        if (existing && (existing.p256dh !== body.keys.p256dh || existing.auth !== body.keys.auth)) {
          if (existing.customerId !== customerId) throw new AppError(409, 'PUSH_DEVICE_TAKEN', PUSH_MESSAGES.taken);
          [row] = await tx.update(pushSubscriptions).set({ p256dh: body.keys.p256dh, auth: body.keys.auth }).where(eq(pushSubscriptions.id, existing.id)).returning();
        } else if (existing && existing.customerId !== customerId) {
          [row] = await tx.update(pushSubscriptions).set({ customerId, createdAt: new Date() }).where(eq(pushSubscriptions.id, existing.id)).returning();
          created = true;
        } else if (!existing) {
          [row] = await tx.insert(pushSubscriptions).values({ customerId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }).returning();
          created = true;
        }
        await turnChannelOn(tx, customerId, 'push');
        return { device: toDevice(row!), created };
      });
    },

    /** Removes one of the patient's own devices; anyone else's (or none) answers 404. */
    async unsubscribe(customerId: number, id: string): Promise<void> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.customerId, customerId)))
        .returning({ id: pushSubscriptions.id });
      if (removed.length === 0) throw notFound('We could not find that device.');
    },

    /**
     * Hands a claimed message to each of the patient's devices not yet given it. A gone device is removed. Answers the
     * push service's id of a message it took; throws a PushError: refused when no device can ever get it, busy when a
     * device should be tried again (the ones that took it are not).
     */
    async deliver(row: Row, content: { title: string; body: string }): Promise<{ providerId: string }> {
      if (!push) throw new PushError('refused', 'app notifications are not offered by this shop');
      const sentTo = new Set((await db.select({ id: pushSends.subscriptionId }).from(pushSends).where(eq(pushSends.notificationId, row.id))).map((sent) => sent.id));
      const waiting = (await devices(row.customerId!)).filter((device) => !sentTo.has(device.id));
      const payload: PushPayload = { ...content, url: PAGES[row.template] ?? '/account/home', tag: `notification-${row.id}` };
      let taken = sentTo.size;
      let providerId: string | null = null;
      let retry: PushError | null = null;
      for (const device of waiting) {
        try {
          const sent = await push.service.send({ target: device, payload: JSON.stringify(payload), ttlSeconds: TTL_SECONDS, topic: row.template.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) });
          await db.insert(pushSends).values({ notificationId: row.id, subscriptionId: device.id }).onConflictDoNothing();
          taken += 1;
          providerId ??= sent.providerId;
        } catch (error) {
          if (!(error instanceof PushError)) throw error;
          if (error.reason === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
          else if (error.reason === 'busy') retry = error;
        }
      }
      if (retry) throw retry;
      if (taken === 0) throw new PushError('refused', waiting.length === 0 ? 'no device has app notifications on' : 'no device could take the message');
      return { providerId: providerId ?? `push-${row.id}` };
    },
  };
}

export type PushChannel = ReturnType<typeof createPushChannel>;
