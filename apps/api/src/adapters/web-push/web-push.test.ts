import { createECDH, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPushMessage } from '../../../test/support/push-service';
import { deriveKeys, encryptPushMessage } from './encryption';
import { pushServiceVerdict, isKnownPushService, KNOWN_PUSH_SERVICES, pushRequest } from './request';
import { generateVapidKeys, vapidAuthorization, vapidKeysFrom, verifyVapidAuthorization } from './vapid';

const b64 = (text: string) => Buffer.from(text, 'base64url');

/** RFC 8291 Appendix A, every value as the RFC prints it. */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  ecdhSecret: 'kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs',
  ikm: 'S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg',
  cek: 'oIhVW04MRdy2XN9CiKLxTg',
  nonce: '4h_95klXJ5E_qnoN',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

function rfcSender() {
  const sender = createECDH('prime256v1');
  sender.setPrivateKey(b64(RFC8291.asPrivate));
  return sender;
}

describe('RFC 8291 message encryption (aes128gcm)', () => {
  it('derives the appendix’s shared secret, IKM, content key and nonce', () => {
    const sender = rfcSender();
    expect(sender.getPublicKey().toString('base64url')).toBe(RFC8291.asPublic);
    const shared = sender.computeSecret(b64(RFC8291.uaPublic));
    expect(shared.toString('base64url')).toBe(RFC8291.ecdhSecret);
    const keys = deriveKeys(shared, b64(RFC8291.authSecret), b64(RFC8291.uaPublic), sender.getPublicKey(), b64(RFC8291.salt));
    expect(keys.ikm.toString('base64url')).toBe(RFC8291.ikm);
    expect(keys.cek.toString('base64url')).toBe(RFC8291.cek);
    expect(keys.nonce.toString('base64url')).toBe(RFC8291.nonce);
  });

  it('encrypts the appendix’s message to exactly its bytes, given its sender key and salt', () => {
    const body = encryptPushMessage(Buffer.from(RFC8291.plaintext), b64(RFC8291.uaPublic), b64(RFC8291.authSecret), { senderKey: rfcSender(), salt: b64(RFC8291.salt) });
    expect(body.toString('base64url')).toBe(RFC8291.body);
    expect(body.length).toBe(144);
  });

  it('a device opens a message with its own keys, each message under a new sender key and salt; a wrong secret cannot', () => {
    const device = { privateKey: b64(RFC8291.uaPrivate), publicKey: b64(RFC8291.uaPublic), auth: b64(RFC8291.authSecret) };
    expect(decryptPushMessage(b64(RFC8291.body), device).toString()).toBe(RFC8291.plaintext);
    const first = encryptPushMessage(Buffer.from('{"title":"Time to log your weight"}'), device.publicKey, device.auth);
    const second = encryptPushMessage(Buffer.from('{"title":"Time to log your weight"}'), device.publicKey, device.auth);
    expect(first.subarray(0, 16)).not.toEqual(second.subarray(0, 16));
    expect(first.subarray(21, 86)).not.toEqual(second.subarray(21, 86));
    expect(decryptPushMessage(first, device).toString()).toBe('{"title":"Time to log your weight"}');
    expect(() => decryptPushMessage(first, { ...device, auth: Buffer.alloc(16) })).toThrow();
  });

  it('refuses a key that is not an uncompressed P-256 point and a secret that is not 16 bytes', () => {
    expect(() => encryptPushMessage(Buffer.from('x'), Buffer.alloc(65, 4), b64(RFC8291.authSecret))).toThrow();
    expect(() => encryptPushMessage(Buffer.from('x'), b64(RFC8291.uaPublic).subarray(1), b64(RFC8291.authSecret))).toThrow();
    expect(() => encryptPushMessage(Buffer.from('x'), b64(RFC8291.uaPublic), Buffer.alloc(15))).toThrow();
  });
});

describe('RFC 8292 VAPID', () => {
  const generated = generateVapidKeys();
  const keys = vapidKeysFrom(generated.publicKey, generated.privateKey, 'mailto:support@elmwood-health.example');
  const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def';
  const now = new Date('2027-03-23T07:30:00Z');

  it('signs an ES256 JWT for the push service’s origin, valid 12 hours, naming the contact; the signature verifies with k alone', async () => {
    const header = await vapidAuthorization(endpoint, keys, now);
    const [, token, k] = /^vapid t=(\S+), k=(\S+)$/.exec(header)!;
    expect(k).toBe(generated.publicKey);
    const [encodedHeader, encodedClaims, signature] = token!.split('.') as [string, string, string];
    expect(JSON.parse(b64(encodedHeader).toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(JSON.parse(b64(encodedClaims).toString())).toEqual({ aud: 'https://fcm.googleapis.com', exp: now.getTime() / 1000 + 12 * 3600, sub: 'mailto:support@elmwood-health.example' });
    // Checked with node:crypto directly, as a push service would: the raw 64-byte r‖s signature over header.claims.
    const publicKey = b64(k!);
    const jwk = { kty: 'EC', crv: 'P-256', x: publicKey.subarray(1, 33).toString('base64url'), y: publicKey.subarray(33).toString('base64url') };
    const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`);
    expect(b64(signature).length).toBe(64);
    expect(verify('sha256', signed, { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, b64(signature))).toBe(true);
    expect(await verifyVapidAuthorization(header, endpoint, now)).toEqual({ publicKey: generated.publicKey, subject: 'mailto:support@elmwood-health.example' });
  });

  it('a push service refuses a token for another origin, an expired one, one signed by another key, and a key pair that does not belong together', async () => {
    const header = await vapidAuthorization(endpoint, keys, now);
    await expect(verifyVapidAuthorization(header, 'https://updates.push.services.mozilla.com/wpush/v2/x', now)).rejects.toThrow();
    await expect(verifyVapidAuthorization(header, endpoint, new Date(now.getTime() + 13 * 3600_000))).rejects.toThrow();
    const other = generateVapidKeys();
    const forged = header.replace(/k=\S+$/, `k=${other.publicKey}`);
    await expect(verifyVapidAuthorization(forged, endpoint, now)).rejects.toThrow();
    await expect(verifyVapidAuthorization(undefined, endpoint, now)).rejects.toThrow();
    expect(() => vapidKeysFrom(other.publicKey, generated.privateKey, 'mailto:x@example.com')).toThrow(/not the public key/);
  });

  it('a whole request: encrypted, signed, with TTL, urgency and topic; a push service with the subscription’s key accepts it, one made with another key answers 403', async () => {
    const device = createECDH('prime256v1');
    device.generateKeys();
    const auth = Buffer.alloc(16, 9);
    const request = await pushRequest(
      { target: { endpoint, p256dh: device.getPublicKey().toString('base64url'), auth: auth.toString('base64url') }, payload: '{"title":"Hi"}', ttlSeconds: 21600, topic: 'weight-reminder' },
      keys,
      now,
    );
    expect(request.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '21600', urgency: 'normal', topic: 'weight-reminder' });
    expect(decryptPushMessage(request.body, { privateKey: device.getPrivateKey(), publicKey: device.getPublicKey(), auth }).toString()).toBe('{"title":"Hi"}');
    expect(await pushServiceVerdict(request, generated.publicKey, now)).toEqual({ status: 201 });
    expect((await pushServiceVerdict(request, generateVapidKeys().publicKey, now)).status).toBe(403);
  });

  it('posts only to the browsers’ push services', () => {
    expect(isKnownPushService('https://fcm.googleapis.com/fcm/send/x', KNOWN_PUSH_SERVICES)).toBe(true);
    expect(isKnownPushService('https://web.push.apple.com/QGx', KNOWN_PUSH_SERVICES)).toBe(true);
    expect(isKnownPushService('https://wns2-par02p.notify.windows.com/w/?token=x', KNOWN_PUSH_SERVICES)).toBe(true);
    expect(isKnownPushService('https://169.254.169.254/latest/meta-data', KNOWN_PUSH_SERVICES)).toBe(false);
    expect(isKnownPushService('https://evilpush.apple.com.example/x', KNOWN_PUSH_SERVICES)).toBe(false);
    expect(isKnownPushService('not a url', KNOWN_PUSH_SERVICES)).toBe(false);
  });
});
