import { createHmac, timingSafeEqual } from 'node:crypto';

/** push: app notifications (Web Push) on the patient's devices. */
import type { Channel } from '../../contracts/notifier';
export type { Channel };
export const CHANNELS: readonly Channel[] = ['email', 'sms', 'whatsapp', 'push'];

/**
 * The one-click unsubscribe link's token (RFC 8058): it names the patient (their public uid) and the channel, and is
 * signed so that nobody can turn off someone else's messages. It needs no login and does not expire: an old email's
 * link must keep working.
 */
export function unsubscribeToken(secret: string, customerUid: string, channel: Channel): string {
  const payload = `${customerUid}.${channel}`;
  return `${Buffer.from(payload).toString('base64url')}.${signature(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { customerUid: string; channel: Channel } | null {
  const [encoded, signed] = token.split('.');
  if (!encoded || !signed) return null;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [customerUid, channel] = payload.split('.');
  if (!customerUid || !CHANNELS.includes(channel as Channel)) return null;
  return { customerUid, channel: channel as Channel };
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
}

export const UNSUBSCRIBE_PATH = '/shop-api/notifications/unsubscribe';
