import { encryptPushMessage } from './encryption';
import { MAX_PUSH_PAYLOAD_BYTES, PushError, type PushMessage } from './port';
import { vapidAuthorization, verifyVapidAuthorization, type VapidKeys } from './vapid';

/** The push services of the browsers that have them; a subscription elsewhere is refused (the shop would post to it). */
export const KNOWN_PUSH_SERVICES = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com'];

/** Whether `endpoint` is at one of `hosts` ('*.example.com' matches its subdomains), over https or on this machine. */
export function isKnownPushService(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname;
  return hosts.some((pattern) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern));
}

export interface PushRequest {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** The HTTP request that hands one message to a push service (RFC 8030 §5, RFC 8291 §4, RFC 8292 §3). */
export async function pushRequest(message: PushMessage, keys: VapidKeys, now: Date): Promise<PushRequest> {
  const plaintext = Buffer.from(message.payload);
  if (plaintext.length > MAX_PUSH_PAYLOAD_BYTES) throw new PushError('refused', 'the message is too long for a push message');
  const body = encryptPushMessage(plaintext, Buffer.from(message.target.p256dh, 'base64url'), Buffer.from(message.target.auth, 'base64url'));
  const headers: Record<string, string> = {
    authorization: await vapidAuthorization(message.target.endpoint, keys, now),
    'content-encoding': 'aes128gcm',
    'content-type': 'application/octet-stream',
    ttl: String(message.ttlSeconds),
    urgency: message.urgency ?? 'normal',
  };
  if (message.topic) headers.topic = message.topic;
  return { url: message.target.endpoint, headers, body };
}

/**
 * What a push service checks before it accepts a message: the VAPID token (and that its key is the one the
 * subscription was made with), the content coding, a TTL, and one record of at most 4096 bytes behind the header.
 * Answers the HTTP status the service would give (201 accepted, 400, 401, 403, 413).
 */
export async function pushServiceVerdict(request: PushRequest, subscribedKey: string, now: Date): Promise<{ status: number; reason?: string }> {
  let vapid: { publicKey: string };
  try {
    vapid = await verifyVapidAuthorization(request.headers.authorization, request.url, now);
  } catch (error) {
    return { status: 401, reason: error instanceof Error ? error.message : 'bad VAPID token' };
  }
  if (vapid.publicKey !== subscribedKey) return { status: 403, reason: 'the VAPID key is not the one this subscription was made with' };
  if (request.headers['content-encoding'] !== 'aes128gcm') return { status: 400, reason: 'not aes128gcm' };
  if (!/^\d+$/.test(request.headers.ttl ?? '')) return { status: 400, reason: 'no TTL' };
  const { body } = request;
  if (body.length < 21 || body.length < 21 + body[20]! + 17) return { status: 400, reason: 'not an aes128gcm body' };
  if (body.length - 21 - body[20]! > 4096) return { status: 413, reason: 'the message is too long' };
  return { status: 201 };
}

/** A push service's answer as the shop acts on it (RFC 8030 §5, §8.3). */
export function outcomeOf(status: number, reason: string): { ok: true } | PushError {
  if (status >= 200 && status < 300) return { ok: true };
  if (status === 404 || status === 410) return new PushError('gone', `the push service says the subscription is gone (${status})`, status);
  if (status === 429 || status >= 500) return new PushError('busy', `the push service is busy (${status})`, status);
  return new PushError('refused', `the push service refused the message (${status}: ${reason})`.slice(0, 300), status);
}
