import { createCipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';

/*
 * Message encryption for Web Push (RFC 8291) in the aes128gcm content coding (RFC 8188), with node:crypto's ECDH,
 * HKDF and AES-GCM: an ephemeral P-256 key pair per message, agreed with the device's public key and mixed with the
 * device's authentication secret, so only that device can read the message and the push service reads nothing.
 */

const RECORD_SIZE = 4096;
const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');
/** The delimiter after the last (here the only) record's plaintext (RFC 8188 §2). */
const LAST_RECORD = Buffer.from([2]);

export interface EncryptOptions {
  /** The sender's ephemeral key (RFC 8291 calls it as_private); a new one for each message unless a test fixes it. */
  senderKey?: ECDH;
  /** 16 random bytes unless a test fixes them. */
  salt?: Buffer;
}

export interface EncryptionKeys {
  /** The key the device derives (IKM, RFC 8291 §3.4) and the record's key and nonce (RFC 8188 §2.2, 2.3). */
  ikm: Buffer;
  cek: Buffer;
  nonce: Buffer;
}

/** RFC 8291 §3.3–3.4 and RFC 8188 §2.2–2.3: the content encryption key and nonce for one message. */
export function deriveKeys(sharedSecret: Buffer, authSecret: Buffer, devicePublic: Buffer, senderPublic: Buffer, salt: Buffer): EncryptionKeys {
  const keyInfo = Buffer.concat([KEY_INFO, devicePublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));
  return { ikm, cek, nonce };
}

/**
 * The body of a push message (RFC 8291 §4): salt, record size, the sender's public key, then one AES-128-GCM record
 * of the plaintext and its delimiter. Throws for a device key that is not a P-256 point.
 */
export function encryptPushMessage(plaintext: Buffer, devicePublic: Buffer, authSecret: Buffer, options: EncryptOptions = {}): Buffer {
  if (devicePublic.length !== 65 || devicePublic[0] !== 4) throw new Error('the device key is not an uncompressed P-256 public key');
  if (authSecret.length !== 16) throw new Error('the authentication secret is not 16 bytes');
  const sender = options.senderKey ?? createECDH('prime256v1');
  if (!options.senderKey) sender.generateKeys();
  const senderPublic = sender.getPublicKey();
  const salt = options.salt ?? randomBytes(16);
  const { cek, nonce } = deriveKeys(sender.computeSecret(devicePublic), authSecret, devicePublic, senderPublic, salt);

  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = Buffer.concat([cipher.update(plaintext), cipher.update(LAST_RECORD), cipher.final(), cipher.getAuthTag()]);
  if (sealed.length > RECORD_SIZE) throw new Error('the message is too long for one push record');

  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublic.length, 20);
  return Buffer.concat([header, senderPublic, sealed]);
}
