import { createECDH, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/*
 * Voluntary Application Server Identification (RFC 8292): each request to a push service carries a JWT signed with
 * the shop's P-256 key (ES256) and that key, so the push service delivers only messages from the key a device
 * subscribed with. The keys are base64url as browsers and the web-push tools write them: the public key uncompressed
 * (65 bytes), the private key its 32-byte scalar.
 */

/** RFC 8292 §2: a token must not be valid for longer than 24 hours. */
const MAX_VALIDITY_SECONDS = 24 * 60 * 60;
/** What the shop asks for: 12 hours, so a clock a little fast at the push service still accepts it. */
const VALIDITY_SECONDS = 12 * 60 * 60;

export interface VapidKeys {
  /** The uncompressed public key, base64url: the browser's applicationServerKey and the header's k. */
  publicKey: string;
  privateKey: KeyObject;
  /** Who to contact about these messages: a mailto: or https: address (RFC 8292 §2.1). */
  subject: string;
}

/** A new key pair, base64url, for configuration (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
}

const jwkOf = (publicKey: Buffer) => ({ kty: 'EC', crv: 'P-256', x: publicKey.subarray(1, 33).toString('base64url'), y: publicKey.subarray(33, 65).toString('base64url') });

/** The key pair from configuration; throws when the two keys do not belong together. */
export function vapidKeysFrom(publicKey: string, privateKey: string, subject: string): VapidKeys {
  const secret = Buffer.from(privateKey, 'base64url');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(secret);
  if (!ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'))) throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
  const key = createPrivateKey({ key: { ...jwkOf(ecdh.getPublicKey()), d: secret.toString('base64url') }, format: 'jwk' });
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: key, subject };
}

/** The Authorization header for a request to `endpoint` (RFC 8292 §3): 'vapid t=<JWT>, k=<public key>'. */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, now: Date): Promise<string> {
  const token = await new SignJWT({})
    .setProtectedHeader({ typ: 'JWT', alg: 'ES256' })
    .setAudience(new URL(endpoint).origin)
    .setExpirationTime(Math.floor(now.getTime() / 1000) + VALIDITY_SECONDS)
    .setSubject(keys.subject)
    .sign(keys.privateKey);
  return `vapid t=${token}, k=${keys.publicKey}`;
}

/**
 * What a push service checks (RFC 8292 §4): the token is signed by the key in k, for this push service's origin,
 * unexpired and valid for at most 24 hours, with a contact. Answers the public key, to compare with the one the
 * subscription was made with; throws otherwise.
 */
export async function verifyVapidAuthorization(header: string | undefined, endpoint: string, now: Date): Promise<{ publicKey: string; subject: string }> {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no VAPID authorization');
  const [, token, k] = match as unknown as [string, string, string];
  const publicKey = Buffer.from(k, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4) throw new Error('the VAPID key is not an uncompressed P-256 key');
  const key = createPublicKey({ key: jwkOf(publicKey), format: 'jwk' });
  const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: new URL(endpoint).origin, currentDate: now, typ: 'JWT' });
  if (typeof payload.exp !== 'number' || payload.exp - now.getTime() / 1000 > MAX_VALIDITY_SECONDS) throw new Error('the VAPID token is valid for more than 24 hours');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('the VAPID token names no contact');
  return { publicKey: k, subject: payload.sub };
}
