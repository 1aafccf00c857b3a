import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyVapidAuthorization } from '../../src/adapters/web-push/vapid';

/** A browser's side of a push subscription: its key pair and secret, and what it sends the shop (toJSON()). */
export interface TestDevice {
  endpoint: string;
  privateKey: Buffer;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted message, as the device's service worker would read it. */
  payload: string;
  headers: Record<string, string | string[] | undefined>;
  /** The VAPID key the request was signed with. */
  vapidKey: string;
}

/**
 * The device side of RFC 8291, written apart from the shop's encryption: reads the aes128gcm header, agrees the key
 * with the device's private key and the sender's public key, and opens the one record.
 */
export function decryptPushMessage(body: Buffer, device: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderPublic]), 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  // The last record ends with 0x02 then any padding zeros (RFC 8188 §2).
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/**
 * A push service on this machine, as the browsers' are: it checks each message's VAPID token, then decrypts it with
 * the device's keys (which only a test holds) and keeps it. A device marked gone answers 410, as for a dropped
 * subscription; a busy one answers 503.
 */
export async function startTestPushService(now: () => Date = () => new Date()) {
  const devices = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  const gone = new Set<string>();
  const busy = new Set<string>();
  const received: ReceivedPush[] = [];
  const server: Server = createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const endpoint = `${base}${request.url}`;
        const device = devices.get(endpoint);
        if (request.method !== 'POST' || !device || gone.has(endpoint)) return reply.writeHead(device ? 410 : 404).end();
        if (busy.has(endpoint)) return reply.writeHead(503).end();
        let vapidKey: string;
        try {
          ({ publicKey: vapidKey } = await verifyVapidAuthorization(request.headers.authorization, endpoint, now()));
        } catch {
          return reply.writeHead(401).end();
        }
        if (request.headers['content-encoding'] !== 'aes128gcm') return reply.writeHead(400).end();
        let payload: string;
        try {
          payload = decryptPushMessage(Buffer.concat(chunks), device).toString('utf8');
        } catch {
          return reply.writeHead(400).end();
        }
        received.push({ endpoint, payload, headers: request.headers, vapidKey });
        reply.writeHead(201, { location: `${base}/messages/${randomUUID()}` }).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    /** A new subscription at this service: the keys a browser would make. */
    newDevice(): TestDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${base}/push/${randomUUID()}`;
      devices.set(endpoint, { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), auth });
      return { endpoint, privateKey: ecdh.getPrivateKey(), subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } };
    },
    markGone: (endpoint: string) => gone.add(endpoint),
    markBusy: (endpoint: string, on = true) => (on ? busy.add(endpoint) : busy.delete(endpoint)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
